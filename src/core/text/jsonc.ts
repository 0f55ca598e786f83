// JSON with comments and trailing commas, read by the parser VS Code itself uses for its settings and mcp.json
// (`jsonc-parser`), so a file means to Relay exactly what it means to VS Code: strings are never touched (a
// `, ]`, `//` or `/*` inside one stays), and a broken file is reported with the line and column of its first fault.
import { type ParseError, parse, printParseErrorCode } from 'jsonc-parser';

export class JsoncSyntaxError extends Error {
  constructor(
    /** 1-based, as an editor shows them. */
    readonly line: number,
    readonly column: number,
    readonly code: string,
    readonly more: number,
  ) {
    super(`line ${line}, column ${column}: ${describeCode(code)}${more > 0 ? ` (and ${more} more problem${more === 1 ? '' : 's'})` : ''}`);
    this.name = 'JsoncSyntaxError';
  }
}

/** The value of a JSONC text (empty text is `undefined`); throws a `JsoncSyntaxError` for anything else. */
export function parseJsonc(text: string): unknown {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
  const first = errors[0];
  if (first) {
    const { line, column } = lineAndColumn(text, first.offset);
    throw new JsoncSyntaxError(line, column, printParseErrorCode(first.error), errors.length - 1);
  }
  return value;
}

/** 1-based line and column (in UTF-16 code units, as VS Code counts them) of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    // \r\n is one line break; a lone \r or \n is one too, as in VS Code's editor.
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

const CODES: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'a property name was expected',
  ValueExpected: 'a value was expected',
  ColonExpected: 'a colon was expected',
  CommaExpected: 'a comma was expected',
  CloseBraceExpected: 'a closing brace } was expected',
  CloseBracketExpected: 'a closing bracket ] was expected',
  EndOfFileExpected: 'the end of the file was expected',
  InvalidCommentToken: 'invalid comment',
  UnexpectedEndOfComment: 'a comment is not closed',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfNumber: 'a number is cut off',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in a string',
};

function describeCode(code: string): string {
  return CODES[code] ?? code;
}
