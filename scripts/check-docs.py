#!/usr/bin/env python3
"""Documentation checks run by scripts/docs (and so by CI).

usage: check-docs.py SYMBOL_GRAPH_DIR CATALOG_DIR [--module NAME] [--list-without-complexity]

NAME is the module whose symbols are checked (default ReuseTable); its catalog's landing page is NAME.md.

Fails (exit 1) listing, as `file:line: kind name`:
  - every public or open symbol declared in Sources/ without a doc comment of its own;
  - for ReuseTable, whose catalog holds the chapters: every Docs/*.md chapter that is not an article of
    the catalog (with the command that adds it), and every article the landing page does not list.
Prints, for information, how many public functions carry a `- Complexity:` line (the cost of an O(1)
member needs none, so this count is not a failure).
"""
import glob
import json
import os
import sys

graph_dir, catalog = sys.argv[1], sys.argv[2]
options = sys.argv[3:]
list_without_complexity = "--list-without-complexity" in options
module = options[options.index("--module") + 1] if "--module" in options else "ReuseTable"
without_complexity = []
root = os.getcwd()

FUNCTION_KINDS = {"swift.method", "swift.type.method", "swift.init", "swift.func", "swift.subscript", "swift.type.subscript"}

symbols = {}
for path in glob.glob(os.path.join(graph_dir, "*.symbols.json")):
    with open(path) as f:
        for symbol in json.load(f)["symbols"]:
            symbols[symbol["identifier"]["precise"]] = symbol


def source_path(uri):
    path = uri[len("file://"):] if uri.startswith("file://") else uri
    return os.path.relpath(path, root)


if not any(s.get("location") for s in symbols.values()):
    sys.exit(f"no symbols with source locations in {graph_dir}: the symbol graph was not emitted")

undocumented = []
functions = with_complexity = 0
for symbol in symbols.values():
    kind = symbol["kind"]["identifier"]
    location = symbol.get("location")
    if kind == "swift.extension" or location is None:  # extension blocks; compiler-synthesized members
        continue
    if symbol.get("accessLevel") not in ("public", "open"):
        continue
    file = source_path(location["uri"])
    if not file.startswith("Sources/"):
        continue
    comment = symbol.get("docComment")
    text = "\n".join(line["text"] for line in comment["lines"]) if comment else ""
    own = comment is not None and comment.get("module", module) == module and text.strip() != ""
    name = ".".join(symbol["pathComponents"])
    if not own:
        undocumented.append((file, location["position"]["line"] + 1, symbol["kind"]["displayName"], name))
    if kind in FUNCTION_KINDS and kind != "swift.func.op":
        functions += 1
        if "- Complexity:" in text:
            with_complexity += 1
        else:
            without_complexity.append((file, location["position"]["line"] + 1, name))

failed = False
if undocumented:
    failed = True
    undocumented.sort()
    print(f"{len(undocumented)} public symbols have no doc comment (what it is, UIKit parity, defaults; "
          "a `- Complexity:` line when not O(1)):")
    for file, line, kind, name in undocumented:
        print(f"  {file}:{line}: {kind.lower()} {name}")
else:
    print("every public symbol has a doc comment")
print(f"{with_complexity} of {functions} public functions and initializers carry a `- Complexity:` line "
      "(O(1) members need none; `scripts/docs --check --list-without-complexity` lists the others)")
if list_without_complexity:
    for file, line, name in sorted(without_complexity):
        print(f"  {file}:{line}: {name}")

if module != "ReuseTable":  # only ReuseTable's catalog holds the Docs/ chapters
    sys.exit(1 if failed else 0)

# Every Docs/ chapter is an article of the catalog (a symlink, so Docs/*.md stays the one source).
docs_dir = os.path.join(root, "Docs")
chapters = sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(docs_dir, "*.md")))
articles = {os.path.basename(p)[:-3] for p in glob.glob(os.path.join(catalog, "*.md"))}
missing_articles = [c for c in chapters if c not in articles]
if missing_articles:
    failed = True
    print("Docs chapters missing from the catalog; run:")
    for chapter in missing_articles:
        print(f"  ln -s ../../../Docs/{chapter}.md {catalog}/{chapter}.md")

landing = os.path.join(catalog, "ReuseTable.md")
with open(landing) as f:
    landing_text = f.read()
unlisted = [c for c in chapters if f"<doc:{c}>" not in landing_text]
if unlisted:
    failed = True
    print(f"Chapters not listed under '### Chapters' in {os.path.relpath(landing, root)}; add:")
    for chapter in unlisted:
        print(f"  - <doc:{chapter}>")

sys.exit(1 if failed else 0)
