import { describe, expect, it } from "vitest";
import { companyLegalName, defaultToProduction, EnvError, EnvSchema, parseEnv, trustProxySetting } from "./env.server";

/** The issues of a failed parse ("NAME: message" each). */
function issuesOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).issues;
  }
  throw new Error(`expected ${JSON.stringify(source)} to be rejected`);
}

describe("parseEnv", () => {
  it("starts on embedded defaults with an empty environment", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "production",
      PORT: 3000,
      HOST: "0.0.0.0",
      SITE_NAME: "TaxAtlas",
      DATA_DIR: "data",
      STARTING_CREDITS: 3,
      AI_BASE_URL: "https://api.groq.com/openai/v1",
      AI_MODEL: "llama-3.3-70b-versatile",
      AI_TIMEOUT_MS: 60_000,
      AI_MAX_RETRIES: 2,
      TRUST_PROXY: "false",
      LOG_LEVEL: "info",
      RATE_LIMITS: true,
    });
    for (const unset of [
      "SITE_URL",
      "DATABASE_URL",
      "AI_API_KEY",
      "STRIPE_SECRET_KEY",
      "STRIPE_PUBLISHABLE_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "SMTP_URL",
      "CONTACT_EMAIL",
      "ADMIN_EMAIL",
      "ADMIN_PASSWORD",
    ] as const) {
      expect(env[unset], unset).toBeUndefined();
    }
  });

  it("treats an empty or blank value as unset, for every variable", () => {
    const defaults = parseEnv({});
    for (const key of Object.keys(EnvSchema.shape)) {
      for (const blank of ["", "   "]) {
        const env = parseEnv({ [key]: blank });
        expect(env[key as keyof typeof env], `${key}=${JSON.stringify(blank)}`).toEqual(defaults[key as keyof typeof defaults]);
      }
    }
  });

  it("reads valid values", () => {
    const env = parseEnv({
      PORT: "8080",
      SITE_NAME: "Atlas",
      SITE_URL: "https://tax.example.com",
      DATABASE_URL: "postgresql://app:secret@db:5432/app",
      STARTING_CREDITS: "0",
      AI_API_KEY: "key",
      AI_BASE_URL: "http://127.0.0.1:9999/v1",
      SMTP_URL: "smtps://user:pass@mail.example.com:465",
      CONTACT_EMAIL: "hello@example.com",
      ADMIN_EMAIL: "admin@example.com",
      ADMIN_PASSWORD: "a-long-password",
      RATE_LIMITS: "false",
      LOG_LEVEL: "debug",
      NODE_ENV: "test",
    });
    expect(env).toMatchObject({
      PORT: 8080,
      SITE_NAME: "Atlas",
      SITE_URL: "https://tax.example.com",
      DATABASE_URL: "postgresql://app:secret@db:5432/app",
      STARTING_CREDITS: 0,
      RATE_LIMITS: false,
      LOG_LEVEL: "debug",
      NODE_ENV: "test",
    });
  });

  it.each([
    ["1", true],
    ["yes", true],
    ["true", true],
    ["0", false],
    ["no", false],
    ["false", false],
  ])("reads RATE_LIMITS=%s as %s", (value, expected) => {
    expect(parseEnv({ RATE_LIMITS: value }).RATE_LIMITS).toBe(expected);
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "3000.5"],
    ["STARTING_CREDITS", "-1"],
    ["SITE_URL", "not a url"],
    ["SITE_NAME", "x".repeat(61)],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["DATABASE_POOL_SIZE", "0"],
    ["AI_BASE_URL", "groq"],
    ["AI_TIMEOUT_MS", "10"],
    ["AI_MAX_RETRIES", "11"],
    ["SMTP_URL", "http://mail.example.com"],
    ["CONTACT_EMAIL", "not-an-email"],
    ["LOG_LEVEL", "loud"],
    ["NODE_ENV", "staging"],
    ["RATE_LIMITS", "maybe"],
    ["SOCIAL_X_URL", "x.com/taxatlas"],
  ])("rejects %s=%j and names the variable", (name, value) => {
    const issues = issuesOf({ [name]: value });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(new RegExp(`^${name}: `));
  });

  it("names every bad variable at once, and the error message lists them", () => {
    let error: unknown;
    try {
      parseEnv({ PORT: "abc", LOG_LEVEL: "loud", DATABASE_URL: "mysql://x" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const { issues, message } = error as EnvError;
    expect(issues.map((i) => i.split(":")[0]).sort()).toEqual(["DATABASE_URL", "LOG_LEVEL", "PORT"]);
    expect(message).toContain("Invalid configuration");
    for (const name of ["PORT", "LOG_LEVEL", "DATABASE_URL"]) expect(message).toContain(name);
  });

  describe("ADMIN_EMAIL and ADMIN_PASSWORD", () => {
    it("are accepted together", () => {
      const env = parseEnv({ ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "admin-password-123" });
      expect(env.ADMIN_EMAIL).toBe("admin@example.com");
      expect(env.ADMIN_PASSWORD).toBe("admin-password-123");
    });

    it("name the missing half when only one is set", () => {
      expect(issuesOf({ ADMIN_EMAIL: "admin@example.com" })).toEqual([
        expect.stringMatching(/^ADMIN_PASSWORD: .*set together/),
      ]);
      expect(issuesOf({ ADMIN_PASSWORD: "admin-password-123" })).toEqual([
        expect.stringMatching(/^ADMIN_EMAIL: .*set together/),
      ]);
      // An empty value counts as unset, so this is "only one set" too.
      expect(issuesOf({ ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "" })[0]).toMatch(/^ADMIN_PASSWORD: /);
    });

    it("reject a password shorter than 8 or longer than 128 characters and a bad email", () => {
      expect(issuesOf({ ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "short" })[0]).toMatch(/^ADMIN_PASSWORD: /);
      expect(issuesOf({ ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "x".repeat(129) })[0]).toMatch(/^ADMIN_PASSWORD: /);
      expect(issuesOf({ ADMIN_EMAIL: "admin", ADMIN_PASSWORD: "admin-password-123" })[0]).toMatch(/^ADMIN_EMAIL: /);
    });
  });

  describe("STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY", () => {
    it("are accepted together", () => {
      const env = parseEnv({ STRIPE_SECRET_KEY: "sk_test_1", STRIPE_PUBLISHABLE_KEY: "pk_test_1" });
      expect(env.STRIPE_SECRET_KEY).toBe("sk_test_1");
      expect(env.STRIPE_PUBLISHABLE_KEY).toBe("pk_test_1");
    });

    it("name the missing half when only one is set", () => {
      expect(issuesOf({ STRIPE_SECRET_KEY: "sk_test_1" })).toEqual([
        expect.stringMatching(/^STRIPE_PUBLISHABLE_KEY: .*set together/),
      ]);
      expect(issuesOf({ STRIPE_PUBLISHABLE_KEY: "pk_test_1" })).toEqual([
        expect.stringMatching(/^STRIPE_SECRET_KEY: .*set together/),
      ]);
    });
  });
});

describe("trustProxySetting", () => {
  it.each([
    ["false", false],
    ["true", true],
    ["2", 2],
    ["loopback", "loopback"],
    ["10.0.0.0/8, 192.168.0.1", "10.0.0.0/8, 192.168.0.1"],
  ])("TRUST_PROXY=%s → %j", (value, expected) => {
    expect(trustProxySetting(parseEnv({ TRUST_PROXY: value }))).toEqual(expected);
  });
});

describe("companyLegalName", () => {
  it("is COMPANY_LEGAL_NAME, else SITE_NAME (an empty value counts as unset)", () => {
    expect(companyLegalName(parseEnv({}))).toBe("TaxAtlas");
    expect(companyLegalName(parseEnv({ SITE_NAME: "Atlas" }))).toBe("Atlas");
    expect(companyLegalName(parseEnv({ SITE_NAME: "Atlas", COMPANY_LEGAL_NAME: " " }))).toBe("Atlas");
    expect(companyLegalName(parseEnv({ COMPANY_LEGAL_NAME: "TaxAtlas Advisory Ltd." }))).toBe("TaxAtlas Advisory Ltd.");
  });

  it("refuses a legal name over 120 characters", () => {
    expect(issuesOf({ COMPANY_LEGAL_NAME: "x".repeat(121) })[0]).toMatch(/^COMPANY_LEGAL_NAME:/);
  });
});

describe("COMPANY_TAX_ID", () => {
  it("is unset by default and when empty or blank", () => {
    expect(parseEnv({}).COMPANY_TAX_ID).toBeUndefined();
    expect(parseEnv({ COMPANY_TAX_ID: "" }).COMPANY_TAX_ID).toBeUndefined();
    expect(parseEnv({ COMPANY_TAX_ID: " \t " }).COMPANY_TAX_ID).toBeUndefined();
  });

  it("reads a registration number, trimmed", () => {
    expect(parseEnv({ COMPANY_TAX_ID: "T1234567890123" }).COMPANY_TAX_ID).toBe("T1234567890123");
    expect(parseEnv({ COMPANY_TAX_ID: "  GB 123 4567 89 \n" }).COMPANY_TAX_ID).toBe("GB 123 4567 89");
    expect(parseEnv({ COMPANY_TAX_ID: "x".repeat(40) }).COMPANY_TAX_ID).toBe("x".repeat(40));
  });

  it("refuses a value over 40 characters, naming the variable", () => {
    const [issue] = issuesOf({ COMPANY_TAX_ID: "T".repeat(41) });
    expect(issue).toMatch(/^COMPANY_TAX_ID: .*40/);
  });

  // A receipt prints it on one line: a line break or a control character (tab, bidi override) would
  // break the line or hide what it says.
  it.each(["T123\n4567890123", "T123\r\n4567890123", "T123\u20284567890123", "T123\t4567890123", "T123\u202E4567890123", "T123\u00004567"])(
    "refuses a line break or control character inside: %j",
    (value) => {
      const [issue] = issuesOf({ COMPANY_TAX_ID: value });
      expect(issue).toMatch(/^COMPANY_TAX_ID: /);
    },
  );
});

describe("defaultToProduction", () => {
  it("sets NODE_ENV to production when it is unset or blank, as EnvSchema reads it", () => {
    for (const source of [{}, { NODE_ENV: "" }, { NODE_ENV: "  " }] as Record<string, string | undefined>[]) {
      defaultToProduction(source);
      expect(source.NODE_ENV).toBe("production");
      expect(parseEnv(source).NODE_ENV).toBe("production");
    }
  });

  it("keeps a NODE_ENV that is given", () => {
    const source: Record<string, string | undefined> = { NODE_ENV: "development" };
    defaultToProduction(source);
    expect(source.NODE_ENV).toBe("development");
  });
});
