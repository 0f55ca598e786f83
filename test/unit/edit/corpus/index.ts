// Every corpus case, by family.

import { blankLineCases } from './blank-lines';
import { blockAnchorCases } from './block-anchor';
import type { EditCase } from './case';
import { edgeSlipCases, edgeSlipRefusalCases } from './edge-slips';
import { combinedCases } from './combined';
import { escapeCases } from './escapes';
import { exactAndLineEndingCases } from './exact-and-line-endings';
import { indentationCases } from './indentation';
import { multiEditCases } from './multi-edit';
import { refusalCases } from './refusals';
import { similarityCases, similarityRefusalCases, similarityReplaceAllCase } from './similarity';
import { whitespaceCases } from './whitespace';
import { misrememberedCases, NOW_REFUSED, withRule } from './misremembered';
import { blockAgreementCases } from './block-agreement';
import { tokenCutCases } from './token-cuts';
import { keptSlipCases } from './kept-slips';

export const editCorpus: EditCase[] = withRule([
  ...exactAndLineEndingCases,
  ...whitespaceCases,
  ...indentationCases,
  ...escapeCases,
  ...blankLineCases,
  ...blockAnchorCases,
  ...combinedCases,
  ...multiEditCases,
  ...refusalCases,
  ...similarityCases,
  ...similarityRefusalCases,
  similarityReplaceAllCase,
  ...edgeSlipCases,
  ...edgeSlipRefusalCases,
  ...misrememberedCases,
  ...blockAgreementCases,
  ...tokenCutCases,
  ...keptSlipCases,
]);

export { NOW_REFUSED };
