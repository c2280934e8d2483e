// The message box: Enter sends, Shift+Enter adds a line, typing "/" lists the chat commands. It
// stays usable while a turn runs (new messages queue); the Cancel button stops the running turn.
import { h } from "../dom.js";

const CHAT_COMMANDS: Array<{ name: string; help: string }> = [
  { name: "/status", help: "agent, model, queue and memory state" },
  { name: "/context", help: "the composed prompt and its token breakdown" },
  { name: "/segments", help: "the segment tree" },
  { name: "/recall", help: "search every session: /recall QUERY" },
  { name: "/new", help: "start a new session" },
  { name: "/help", help: "what the commands do" },
  { name: "/restart", help: "restart the daemon" },
  { name: "/pair", help: "approve a Telegram user's code: /pair CODE" },
];

export interface ComposerOptions {
  /** Sends the text; rejects with a message to show when it could not be sent. */
  onSend(text: string): Promise<void>;
  onCancel(): void;
}

export interface Composer {
  element: HTMLElement;
  setRunning(running: boolean): void;
  focus(): void;
}

function commandHints(input: HTMLTextAreaElement): { element: HTMLElement; update(): void } {
  const element = h("ul", { class: "command-hints", hidden: true, role: "listbox" });
  const update = () => {
    const value = input.value;
    const matches =
      value.startsWith("/") && !value.includes(" ")
        ? CHAT_COMMANDS.filter((command) => command.name.startsWith(value))
        : [];
    element.replaceChildren(
      ...matches.map((command) => {
        const item = h("li", { role: "option" }, h("code", null, command.name), " ", command.help);
        item.addEventListener("mousedown", (event) => {
          event.preventDefault(); // keep focus in the input
          input.value = `${command.name} `;
          update();
          input.focus();
        });
        return item;
      }),
    );
    element.hidden = matches.length === 0;
  };
  return { element, update };
}

function autoResize(input: HTMLTextAreaElement): void {
  input.style.height = "auto";
  input.style.height = `${Math.min(input.scrollHeight, 200)}px`;
}

export function createComposer(options: ComposerOptions): Composer {
  const input = h("textarea", {
    class: "composer-input",
    rows: 1,
    placeholder: "Message — / for commands",
    "aria-label": "Message",
  });
  const send = h("button", { type: "submit", class: "primary" }, "Send");
  const cancel = h("button", { type: "button", class: "danger", hidden: true }, "Cancel");
  const hints = commandHints(input);
  const problem = h("p", { class: "composer-error", role: "alert", hidden: true });
  const row = h("div", { class: "composer-row" }, input, cancel, send);
  const form = h("form", { class: "composer" }, hints.element, problem, row);

  const submit = async () => {
    const text = input.value.trim();
    if (!text) return;
    input.value = "";
    problem.hidden = true;
    autoResize(input);
    hints.update();
    try {
      await options.onSend(text);
    } catch (error) {
      if (!input.value) input.value = text; // give the text back unless a new one was typed
      problem.textContent = error instanceof Error ? error.message : String(error);
      problem.hidden = false;
    }
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void submit();
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      void submit();
    } else if (event.key === "Escape") {
      hints.element.hidden = true;
    }
  });
  input.addEventListener("input", () => {
    autoResize(input);
    hints.update();
  });
  cancel.addEventListener("click", () => options.onCancel());
  return {
    element: form,
    setRunning: (running) => {
      cancel.hidden = !running;
    },
    focus: () => input.focus(),
  };
}
