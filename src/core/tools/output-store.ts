// Where truncated outputs are saved in full (behaviour 25). The host implements it over the extension's
// storage folder; the in-memory store serves tests and hosts without storage.

export interface SavedOutputInfo {
  toolName: string;
  callId: string;
}

export interface OutputStore {
  /** Saves the full output; returns the path the model can pass to read_file. */
  save(output: string, info: SavedOutputInfo): Promise<string>;
}

export class InMemoryOutputStore implements OutputStore {
  readonly files = new Map<string, string>();

  constructor(private readonly directory = '/relay/tool-output') {}

  async save(output: string, info: SavedOutputInfo): Promise<string> {
    const path = `${this.directory}/${outputFileName(info)}`;
    this.files.set(path, output);
    return path;
  }
}

/** A file name safe on every platform, unique per call. */
export function outputFileName(info: SavedOutputInfo): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 80);
  return `${safe(info.toolName)}-${safe(info.callId)}.txt`;
}
