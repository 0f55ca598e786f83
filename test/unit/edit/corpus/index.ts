// Every corpus case, by family.

import { blockAnchorCases } from './block-anchor';
import type { EditCase } from './case';
import { escapeCases } from './escapes';
import { exactAndLineEndingCases } from './exact-and-line-endings';
import { indentationCases } from './indentation';
import { multiEditCases } from './multi-edit';
import { refusalCases } from './refusals';
import { whitespaceCases } from './whitespace';

export const editCorpus: EditCase[] = [
  ...exactAndLineEndingCases,
  ...whitespaceCases,
  ...indentationCases,
  ...escapeCases,
  ...blockAnchorCases,
  ...multiEditCases,
  ...refusalCases,
];
