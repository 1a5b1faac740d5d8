from knjazja.cli import main

raise SystemExit(main())
