import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isKernError } from "../../kernel/index.js";
import { MediaStore } from "../../store/index.js";
import { blockedAddressReason } from "./blocked-address.js";
import { fetchReadable, type WebToolsOptions } from "./web-tools.js";

const ARTICLE = `<!doctype html><html><head><title>Lighthouse keepers</title></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article><h1>Lighthouse keepers</h1>
<p>The keepers of the northern lighthouse trimmed the wicks every four hours through the winter
nights, and they logged each ship that passed the headland in a leather-bound book.</p>
<p>When the lamp was electrified in 1931 the last keeper stayed on for another decade, mostly to
paint the tower and to answer letters from children who wanted to know what the sea looked like.</p>
</article><footer>Copyright nobody</footer></body></html>`;

let server: Server;
let origin: string;
const media = MediaStore.open(
  { agentDir: "/nonexistent", mediaDir: "/nonexistent/m" },
  {
    image: 1,
    voice: 1,
    audio: 1,
    document: 1,
  },
);

beforeEach(async () => {
  server = createServer((request, response) => {
    if (request.url === "/article") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(ARTICLE);
    } else if (request.url === "/to-metadata") {
      response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
      response.end();
    } else if (request.url === "/to-intranet") {
      response.writeHead(301, { location: "http://intranet.example/secret" });
      response.end();
    } else if (request.url === "/big") {
      response.writeHead(200, { "content-type": "text/plain" });
      response.end("x".repeat(200_000));
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** DNS for the test: names that lead to private addresses, none of them real. */
const resolve: WebToolsOptions["resolve"] = async (hostname) => {
  const table: Record<string, string> = {
    "intranet.example": "10.20.30.40",
    "metadata.example": "169.254.169.254",
    "rebind.example": "192.168.1.10",
  };
  const address = table[hostname];
  if (!address) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return [{ address, family: 4 }];
};

function options(overrides: Partial<WebToolsOptions> = {}): WebToolsOptions {
  return { allowPrivateNetworks: false, searxngUrl: null, media, resolve, ...overrides };
}

async function refusalCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return isKernError(error) ? error.code : `not a KernError: ${String(error)}`;
  }
  return "not refused";
}

const signal = () => new AbortController().signal;

describe("webfetch", () => {
  it("returns a local page's readable text as Markdown when private networks are allowed", async () => {
    const text = await fetchReadable(
      `${origin}/article`,
      options({ allowPrivateNetworks: true }),
      signal(),
    );
    expect(text).toContain("# Lighthouse keepers");
    expect(text).toContain("trimmed the wicks every four hours");
    expect(text).toContain("answer letters from children");
    expect(text).not.toContain("Copyright nobody");
  });

  it("refuses loopback, metadata and private addresses given as IPs", async () => {
    for (const url of [
      `${origin}/article`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
      "http://192.168.0.1/",
      "http://[::1]:80/",
      "http://[::ffff:127.0.0.1]/",
    ]) {
      expect(await refusalCode(fetchReadable(url, options(), signal())), url).toBe(
        "KERN_WEB_REFUSED",
      );
    }
  });

  it("refuses a name that resolves to a private or metadata address (checked after DNS)", async () => {
    for (const url of ["http://intranet.example/", "https://metadata.example/latest"]) {
      expect(await refusalCode(fetchReadable(url, options(), signal())), url).toBe(
        "KERN_WEB_REFUSED",
      );
    }
  });

  it("refuses `localhost` through the system resolver", async () => {
    const { resolve: _unused, ...systemDns } = options();
    const code = await refusalCode(
      fetchReadable(`http://localhost:${new URL(origin).port}/article`, systemDns, signal()),
    );
    expect(code).toBe("KERN_WEB_REFUSED");
  });

  it("checks every redirect: a public page that redirects to metadata or an intranet name is refused", async () => {
    // The test server stands in for a public site: only 127.0.0.1 counts as public here.
    const blockedReason = (address: string) =>
      address === "127.0.0.1" ? null : blockedAddressReason(address);
    for (const path of ["/to-metadata", "/to-intranet"]) {
      const code = await refusalCode(
        fetchReadable(`${origin}${path}`, options({ blockedReason }), signal()),
      );
      expect(code, path).toBe("KERN_WEB_REFUSED");
    }
    const page = await fetchReadable(`${origin}/article`, options({ blockedReason }), signal());
    expect(page).toContain("Lighthouse keepers");
  });

  it("refuses other schemes and cuts a body at the size limit", async () => {
    expect(await refusalCode(fetchReadable("file:///etc/passwd", options(), signal()))).toBe(
      "KERN_WEB_REFUSED",
    );
    const text = await fetchReadable(
      `${origin}/big`,
      options({ allowPrivateNetworks: true, maxBytes: 10_000 }),
      signal(),
    );
    expect(text).toContain("cut at the size limit");
    expect(text.length).toBeLessThan(11_000);
  });
});
