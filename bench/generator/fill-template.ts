// Fills `{slot}` placeholders in a template from a slot source. Pure: no I/O.

/** Returns the text for one slot name; called once per placeholder occurrence. */
export type SlotSource = (slot: string) => string;

const PLACEHOLDER = /\{([a-zA-Z0-9]+)\}/g;

export function fillTemplate(template: string, source: SlotSource): string {
  return template.replace(PLACEHOLDER, (_match, slot: string) => source(slot));
}
