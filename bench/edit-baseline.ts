// The baseline the edit-match benchmark measures Relay against: the first tiers of common open-source
// search/replace cascades (an exact substring that must be unique, then a plain trimmed-line scan). The scan splits
// the file, compares each window's lines trimmed at both ends to the oldText's, and takes the first window whose
// text occurs once (checked with indexOf/lastIndexOf, as those cascades do). It neither re-indents the replacement
// nor reports line numbers: it is a cost reference for the hit path, not a rival in correctness.

export function baselineReplace(content: string, oldText: string, newText: string): string | undefined {
  const at = content.indexOf(oldText);
  if (at !== -1 && at === content.lastIndexOf(oldText)) return content.slice(0, at) + newText + content.slice(at + oldText.length);

  const fileLines = content.split('\n');
  const searchLines = oldText.split('\n');
  if (searchLines[searchLines.length - 1] === '') searchLines.pop();
  const m = searchLines.length;
  for (let i = 0; i + m <= fileLines.length; i++) {
    let matches = true;
    for (let j = 0; j < m; j++) {
      if (fileLines[i + j]!.trim() !== searchLines[j]!.trim()) {
        matches = false;
        break;
      }
    }
    if (!matches) continue;
    let start = 0;
    for (let k = 0; k < i; k++) start += fileLines[k]!.length + 1;
    let end = start;
    for (let k = 0; k < m; k++) end += fileLines[i + k]!.length + (k < m - 1 ? 1 : 0);
    const matched = content.slice(start, end);
    if (content.indexOf(matched) !== content.lastIndexOf(matched)) continue;
    return content.slice(0, start) + newText + content.slice(end);
  }
  return undefined;
}
