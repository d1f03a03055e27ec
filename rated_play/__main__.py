from rated_play.cli import main

raise SystemExit(main())
