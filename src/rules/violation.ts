/** A broken rule: a stable kebab-case code for programs, a message in card names for people. */
export interface Violation {
  readonly rule: string;
  readonly message: string;
  readonly cards: readonly string[];
}

export function violation(rule: string, message: string, cards: readonly string[] = []): Violation {
  return { rule, message, cards };
}
