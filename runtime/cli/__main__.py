from nousmem.runtime.cli import main

raise SystemExit(main())
