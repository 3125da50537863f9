// The playground runs each line in a forked copy of itself, kept or dropped through Linux's process controls (prctl's
// parent-death signal and child subreaper, /proc): elsewhere it would build and then refuse every line.
#if !os(Linux)
#error("Pattern Playground runs on Linux only: each line runs in a forked copy kept alive by prctl and /proc")
#endif
