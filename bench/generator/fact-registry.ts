// Remembers every fact key and answer already used in one conversation so that keys are unique,
// and no answer hides inside another (a search for "5 replicas" must not match "15 replicas").

export class FactRegistry {
  private readonly keys = new Set<string>();
  private readonly answers: string[] = [];

  hasKey(key: string): boolean {
    return this.keys.has(key.toLowerCase());
  }

  claimKey(key: string): void {
    this.keys.add(key.toLowerCase());
  }

  /** True when `answer` neither equals, contains nor is contained in a claimed answer. */
  isFreshAnswer(answer: string): boolean {
    return this.answers.every((known) => !known.includes(answer) && !answer.includes(known));
  }

  claimAnswer(answer: string): void {
    this.answers.push(answer);
  }

  /** Draws until `make` gives a fresh answer (and claims it), or gives up after `tries`. */
  freshAnswer(make: () => string, tries = 20): string | undefined {
    for (let attempt = 0; attempt < tries; attempt += 1) {
      const answer = make();
      if (this.isFreshAnswer(answer)) {
        this.claimAnswer(answer);
        return answer;
      }
    }
    return undefined;
  }
}
