// Pairing: chat users waiting for approval (SPEC §9) with an Approve button each, and the users
// already paired — members and operators — each with a Remove button (SPEC §16). Nothing from an
// unpaired user reaches the model until approved here or with `kern pair CODE`; a removed user's
// next message gets the pairing instructions again.
import type {
  PairedUserView as PairedUser,
  PendingPairingView as PendingPairing,
} from "../../../src/protocol/index.js";
import { api } from "../api.js";
import { errorBox, h, loading } from "../dom.js";
import { formatTime } from "../format.js";

function pendingItem(pending: PendingPairing, onApproved: () => void): HTMLElement {
  const button = h("button", { type: "button", class: "primary" }, "Approve");
  const item = h(
    "li",
    { class: "pairing-item", "data-code": pending.code },
    h("code", { class: "pairing-code" }, pending.code),
    h("span", null, `${pending.name} (${pending.channel} user ${pending.userId})`),
    h("span", { class: "muted" }, `asked ${formatTime(pending.requestedAt)}`),
    button,
  );
  button.addEventListener("click", () => {
    button.disabled = true;
    api.approvePairing(pending.code).then(onApproved, (error: unknown) => {
      button.disabled = false;
      item.append(errorBox(error));
    });
  });
  return item;
}

function pairedItem(user: PairedUser, onChanged: () => void): HTMLElement {
  const remove = h("button", { type: "button", class: "danger" }, "Remove");
  const item = h(
    "li",
    { class: "pairing-item", "data-user": `${user.channel}:${user.userId}` },
    h("strong", null, user.name),
    h("span", null, `${user.channel} user ${user.userId} · ${user.role}`),
    h("span", { class: "muted" }, `paired ${formatTime(user.pairedAt)}`),
    remove,
  );
  remove.addEventListener("click", () => {
    if (!window.confirm(`Remove ${user.name}? Their next message gets a pairing code again.`))
      return;
    remove.disabled = true;
    api.revokePairing(user.channel, user.userId).then(onChanged, (error: unknown) => {
      remove.disabled = false;
      item.append(errorBox(error));
    });
  });
  return item;
}

export class PairingView {
  readonly element: HTMLElement;
  private readonly body: HTMLElement;

  /** `onPending` hears how many wait after every load (the nav badge follows an approval). */
  constructor(private readonly onPending: (count: number) => void = () => undefined) {
    this.body = h("div", { class: "pairing-body" });
    this.element = h("section", { class: "page-view", "aria-label": "Pairing" }, this.body);
  }

  async show(): Promise<void> {
    this.body.replaceChildren(loading());
    try {
      const { paired, pending } = await api.pairing();
      this.onPending(pending.length);
      const refresh = () => void this.show();
      this.body.replaceChildren(
        h(
          "section",
          { class: "card" },
          h("h2", null, `Waiting for approval (${pending.length})`),
          pending.length === 0
            ? h(
                "p",
                { class: "muted" },
                "Nobody is waiting. Unknown chat users get a code to show you. Everyone paired talks to the same agent and shares its memory.",
              )
            : h(
                "ul",
                { class: "pairing-list" },
                pending.map((entry) => pendingItem(entry, refresh)),
              ),
        ),
        h(
          "section",
          { class: "card" },
          h("h2", null, `Paired users (${paired.length})`),
          paired.length === 0
            ? h("p", { class: "muted" }, "No paired users yet.")
            : h(
                "ul",
                { class: "pairing-list" },
                paired.map((user) => pairedItem(user, refresh)),
              ),
        ),
      );
    } catch (error) {
      this.body.replaceChildren(errorBox(error));
    }
  }
}
