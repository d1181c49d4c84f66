// SQLite's C interface for Swift on Linux: Debian's libsqlite3-dev (`/usr/include/sqlite3.h`).
// Darwin's SDK has its own `SQLite3` module; Sources/PagedDatabase/Platform.swift picks one.
#include <sqlite3.h>
