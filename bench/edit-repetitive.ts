// Repetitive files for the edit-match benchmark: 20,000 lines that all look alike, with long shared prefixes and
// suffixes and only a number or a word between, as generated code, tables and logs are. Every line is unique, so an
// exact quote has one place, but a scan's substring pre-checks pass on nearly every line. Each file is cut into
// 30-line methods, the region the edits target is one of them at 60% of the file.

import { FILE_LINES, type BenchFile } from './edit-fixture';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'];
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Generated route registrations: one method per table, 28 router.add lines differing by their numbers. */
export function generatedRoutesFile(): BenchFile {
  const lines: string[] = ['import { Router, Auth } from "./router";', ''];
  let regionStart = -1;
  for (let n = 0; lines.length < FILE_LINES - 34; n++) {
    if (regionStart === -1 && lines.length > FILE_LINES * 0.6) regionStart = lines.length;
    lines.push(`    registerAccountRoutes${pad(n, 4)}(router: Router, handlers: Handlers): void {`);
    for (let k = 0; k < 28; k++) {
      lines.push(
        `        router.add("${METHODS[k % 4]}", "/api/v2/accounts/${pad(n, 4)}/items/${pad(k, 2)}", handlers.accountItem${METHODS[k % 4]![0]}, ` +
          `{ auth: Auth.Required, cacheSeconds: ${(k % 5) * 30}, version: "2.${n}.${k}" });`,
      );
    }
    lines.push('    }', '');
  }
  while (lines.length < FILE_LINES) lines.push(`// padding ${lines.length}`);
  return { label: 'generated routes (repetitive)', lines, regionStart };
}

/** A data table in Python: rows that share everything but an id, a name and a weight. */
export function dataTableFile(): BenchFile {
  const lines: string[] = ['from catalog import Row, Kind', ''];
  let regionStart = -1;
  for (let n = 0; lines.length < FILE_LINES - 34; n++) {
    if (regionStart === -1 && lines.length > FILE_LINES * 0.6) regionStart = lines.length;
    lines.push(`    def table_${pad(n, 4)}(self, catalog: Catalog) -> list[Row]:`);
    lines.push(`        catalog.begin_table("table_${pad(n, 4)}", source="generated", version=${n})`);
    for (let k = 0; k < 26; k++) {
      const id = n * 100 + k;
      lines.push(`            Row(id=${id}, name="item-${pad(id, 6)}", kind=Kind.REGULAR, weight=0.${pad((id * 37) % 100, 2)}, tags=("generated", "table"), enabled=True),`);
    }
    lines.push(`        catalog.end_table("table_${pad(n, 4)}")`, '');
  }
  while (lines.length < FILE_LINES) lines.push(`# padding ${lines.length}`);
  return { label: 'data table (repetitive)', lines, regionStart };
}
