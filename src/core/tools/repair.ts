// Boolean-string repair (behaviour 16): models often send "true"/"false" for booleans. Only values at paths
// where validation failed, and where a boolean would have been accepted, are converted; a string parameter
// whose value is "true" is left alone.

/** The parts of a zod issue the repair and the messages read. */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  expected?: string;
  values?: readonly unknown[];
  errors?: readonly (readonly IssueLike[])[];
  issues?: readonly IssueLike[];
}

/** Paths (absolute) where a boolean was expected and something else arrived, at any depth, through unions. */
export function booleanFailurePaths(issues: readonly IssueLike[], prefix: readonly PropertyKey[] = []): PropertyKey[][] {
  const paths: PropertyKey[][] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_type' && issue.expected === 'boolean') paths.push(path);
    else if (issue.code === 'invalid_value' && issue.values?.some((v) => typeof v === 'boolean')) paths.push(path);
    else if (issue.code === 'invalid_union' && issue.errors) {
      for (const branch of issue.errors) paths.push(...booleanFailurePaths(branch, path));
    } else if (issue.issues) paths.push(...booleanFailurePaths(issue.issues, path));
  }
  return paths;
}

export function parseBooleanString(value: unknown): boolean | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  return text === 'true' ? true : text === 'false' ? false : undefined;
}

/** Returns a copy with the boolean strings at `paths` converted, and which paths changed; the input is untouched. */
export function repairBooleanStrings(
  input: unknown,
  paths: readonly (readonly PropertyKey[])[],
): { value: unknown; repaired: PropertyKey[][] } {
  let value = input;
  const repaired: PropertyKey[][] = [];
  for (const path of paths) {
    const converted = parseBooleanString(getAt(value, path));
    if (converted === undefined) continue;
    value = setAt(value, path, 0, converted);
    repaired.push([...path]);
  }
  return { value, repaired };
}

function getAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** Copies only the containers along the path, so the caller's arguments are never mutated. */
function setAt(container: unknown, path: readonly PropertyKey[], index: number, leaf: unknown): unknown {
  if (index === path.length) return leaf;
  const key = path[index]!;
  if (Array.isArray(container)) {
    const copy = [...container];
    copy[key as number] = setAt(container[key as number], path, index + 1, leaf);
    return copy;
  }
  const record = container as Record<PropertyKey, unknown>;
  const copy: Record<PropertyKey, unknown> = { ...record };
  Object.defineProperty(copy, key, {
    value: setAt(record[key], path, index + 1, leaf),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}
