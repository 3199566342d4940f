// ESLint flat config: ESLint's and typescript-eslint's recommended rules and the React hooks rules.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["build/**", ".react-router/**", "node_modules/**", "test-results/**", "playwright-report/**", "coverage/**", "data/**", ".tmp/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Rooms (docs/architecture.md › Folders): domain code never imports page code, and imports use
    // the ~/ alias rather than climbing with ../../
    files: ["**/*.ts", "**/*.tsx"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "tests/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["../../*"], message: "Use the ~/ alias (tsconfig.json paths)." }] },
      ],
    },
  },
  {
    files: ["lib/**/*.ts", "db/**/*.ts", "content/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["../../*"], message: "Use the ~/ alias (tsconfig.json paths)." },
            { group: ["~/app/*", "~/server/*"], message: "Domain code and content never import pages or the HTTP edge." },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.tsx", "app/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // Tests and benchmarks read loosely typed JSON bodies (bench/lib's .d.mts describe them), and
    // Playwright fixtures use the `({}, use)` signature.
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**/*.ts", "bench/**/*.d.mts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "no-empty-pattern": "off",
    },
  },
);
