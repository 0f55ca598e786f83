// Parallel tasks' git writes: reads run at once, writes to one repository run one after the other (two
// `git worktree add` at once race on the repository's lock files and one of them fails). Every git process itself
// is started by ../git/git-process.ts.

/** One queue per repository (its common git directory): writes wait for the one before. */
export class GitWriteQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(repoKey: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(repoKey) ?? Promise.resolve();
    const next = before.then(work, work);
    const tail = next.catch(() => undefined);
    this.tails.set(repoKey, tail);
    void tail.then(() => {
      if (this.tails.get(repoKey) === tail) this.tails.delete(repoKey);
    });
    return next;
  }
}
