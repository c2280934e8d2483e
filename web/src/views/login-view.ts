// The login form: a one-time code from `kern status` (or the token) goes once in the body of
// POST /login and is cleared from the field; the page keeps only the HttpOnly session cookie.
import { api } from "../api.js";
import { h } from "../dom.js";

export interface LoginViewOptions {
  message?: string;
  onLoggedIn(): void;
}

export function createLoginView(options: LoginViewOptions): HTMLElement {
  const input = h("input", {
    type: "password",
    name: "token",
    required: true,
    autocomplete: "off",
    spellcheck: "false",
    "aria-label": "Login code or token",
    placeholder: "code from kern status",
  });
  const button = h("button", { type: "submit", class: "primary" }, "Log in");
  const problem = h(
    "p",
    { class: "error-box", role: "alert", hidden: !options.message },
    options.message ?? "",
  );
  // method=post: even if script failed, a browser would never put the token in a URL.
  const form = h(
    "form",
    { class: "login card", method: "post", action: "/login" },
    h("h1", null, "kern"),
    h(
      "p",
      { class: "muted" },
      "Run 'kern status' in the agent's folder and type the login code it prints. The agent's token (KERN_AUTH_TOKEN in .kern/.env) works too.",
    ),
    input,
    button,
    problem,
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    button.disabled = true;
    problem.hidden = true;
    api.login(input.value.trim()).then(
      () => {
        input.value = "";
        options.onLoggedIn();
      },
      (error: unknown) => {
        button.disabled = false;
        problem.textContent = error instanceof Error ? error.message : String(error);
        problem.hidden = false;
        input.select();
      },
    );
  });
  queueMicrotask(() => input.focus());
  return h("main", { class: "login-page" }, form);
}
