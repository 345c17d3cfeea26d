#!/usr/bin/env python3
"""Every flood page link of docs/web.md (`flood.html?map=...`) runs: the page's query-parameter contract says it
shows exactly what `kinema chase` prints for the same map and settings, so each link's chase must exit 0 (a
Moving AI map marks no seed: a link without `from=X,Y` shows "the map marks no seed position", issue 40).

  web_page_links_test.py --kinema BUILD/bin/kinema --shared-maps ../shared/data/maps [--doc docs/web.md]

Links to the shared maps are skipped, saying so, when those maps are absent. Exits 1 if any link fails.
"""
import argparse
import os
import re
import subprocess
import sys
import urllib.parse

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The query parameters of docs/web.md "The query-parameter contract" and their `kinema chase` flags.
FLAGS = {"from": "--from", "dir": "--dir", "hot": "--hot", "max_heated": "--max-heated",
         "max_steps": "--max-steps", "connectivity": "--connectivity", "destination": "--destination",
         "destinations": "--destinations", "agent_height": "--agent-height", "agent_radius": "--agent-radius",
         "agent_max_climb": "--agent-max-climb", "agent_max_slope": "--agent-max-slope"}


def links(text):
    """Every flood.html link with a concrete map and values (not the contract's `map=URL` or `from=...`
    patterns)."""
    found = re.findall(r"flood\.html\?(map=[^`\s)]+)", text)
    return [q for q in found if not q.startswith("map=URL") and "..." not in q]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kinema", required=True)
    parser.add_argument("--shared-maps", required=True)
    parser.add_argument("--doc", default=os.path.join(REPO, "docs", "web.md"))
    args = parser.parse_args()
    queries = links(open(args.doc, encoding="utf-8").read())
    if not queries:
        print("no flood.html?map= link found: the extraction broke")
        return 1
    failed = 0
    for query in queries:
        params = dict(urllib.parse.parse_qsl(query))
        url = params.pop("map")
        if url.startswith("maps/"):
            path = os.path.join(args.shared_maps, url[len("maps/"):])
            if not os.path.exists(path):
                print(f"SKIPPED {query}: {path} is absent")
                continue
        else:
            path = os.path.join(REPO, "data", url)
        command = [args.kinema, "chase", "--map", path]
        for name, value in params.items():
            command += [FLAGS[name], value]
        run = subprocess.run(command, capture_output=True, text=True)
        if run.returncode != 0:
            failed += 1
            print(f"FAILED flood.html?{query}: {run.stderr.strip()}")
        else:
            print(f"ok flood.html?{query}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
