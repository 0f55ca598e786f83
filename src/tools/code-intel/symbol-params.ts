// The parameters every "at this symbol" tool takes: file, line and name. No column: models count columns badly,
// so the name is found on the line (or the nearest line that has it).
import { z } from 'zod';

export const symbolParameters = {
  path: z.string().min(1).describe('The file where the symbol appears: relative to the workspace root, or absolute.'),
  line: z.number().int().min(1).describe('1-based line where the symbol appears, as read_file or search_text numbered it. If the file moved a little, the nearest line with the name is used.'),
  symbol: z.string().min(1).describe('The name as written on that line, e.g. "parseConfig" (for "config.parse(" give "parse"). No column needed.'),
};

export const MAX_LOCATIONS = 500;
export const DEFAULT_LOCATIONS = 50;

export const limitParameter = z.number().int().min(1).max(MAX_LOCATIONS).default(DEFAULT_LOCATIONS).describe(`Most locations to list (at most ${MAX_LOCATIONS}); the rest are counted.`);
