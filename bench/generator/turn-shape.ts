// The message layout of one turn: a user message, maybe a second user message, rounds of
// assistant tool calls each followed by their results, and a closing assistant reply.

export interface TurnShape {
  followUp: boolean;
  /** Tool calls per round; each round is one assistant message plus one tool message per call. */
  rounds: number[];
  /** False only for a lone trailing user message that ends a conversation. */
  reply: boolean;
}

/** The largest shape `randomShape` makes: follow-up, three rounds of two calls, reply. */
export const MAX_TURN_SIZE = 1 + 1 + 3 * 3 + 1;

export function turnSize(shape: TurnShape): number {
  const rounds = shape.rounds.reduce((sum, calls) => sum + 1 + calls, 0);
  return 1 + (shape.followUp ? 1 : 0) + rounds + (shape.reply ? 1 : 0);
}

export function randomShape(random: { next(): number; chance(p: number): boolean }): TurnShape {
  const roll = random.next();
  // 35% plain exchanges, 35% one tool round, 20% two, 10% three.
  const roundCount = roll < 0.35 ? 0 : roll < 0.7 ? 1 : roll < 0.9 ? 2 : 3;
  const rounds = Array.from({ length: roundCount }, () => (random.chance(0.2) ? 2 : 1));
  return { followUp: random.chance(0.1), rounds, reply: true };
}

/** A shape of exactly `size` messages (size ≥ 1), used to land on the requested total. */
export function exactShape(size: number): TurnShape {
  if (size <= 1) return { followUp: false, rounds: [], reply: false };
  let rest = size - 2;
  let followUp = false;
  const rounds: number[] = [];
  if (rest % 2 === 1) {
    if (rest === 1) followUp = true;
    else rounds.push(2);
    rest -= rest === 1 ? 1 : 3;
  }
  for (; rest > 0; rest -= 2) rounds.push(1);
  return { followUp, rounds, reply: true };
}
