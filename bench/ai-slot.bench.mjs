// The AI question's slot (take_ai_question_slot, migrations 0006-0008) on PGlite, in this process:
// what its plan setting (0008) and the partial index of pending questions (0007) save, each against
// the same database without it, measured alternately in one run. The slot runs on every question,
// in the thread that serves every request (docs/performance.md, "AI assistant").
//   node bench/ai-slot.bench.mjs
// Settings (environment): AI_SLOT_CALLS (200 per block), AI_SLOT_PAIRS (7 pairs of blocks).
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import path from "node:path";
import os from "node:os";
import { emit, machine, markdownTable, median, projectRoot, round, writeSection } from "./harness.mjs";
import { pairedMedian } from "./lib/wrk.mjs";

const CALLS = Number(process.env.AI_SLOT_CALLS ?? 200);
const PAIRS = Number(process.env.AI_SLOT_PAIRS ?? 7);
const HISTORY = 3000;
const SIGNATURE = "take_ai_question_slot(uuid, text, text, text, text, text, uuid, uuid, int, boolean)";

/** A migrated database with one member (and `history` answered questions of theirs). */
async function database(history) {
  const db = await PGlite.create();
  await migrate(drizzle(db), { migrationsFolder: path.join(projectRoot, "db", "migrations") });
  const {
    rows: [member],
  } = await db.query(`INSERT INTO users (email, name, password_hash, credits) VALUES ('bench@example.test', 'Bench', 'x', 1000000) RETURNING id`);
  if (history > 0) {
    await db.query(
      `INSERT INTO ai_questions (user_id, topic, lang, question, status, answer)
       SELECT $1, 'tax-consultation', 'en', 'Q' || n, 'answered', 'A.' FROM generate_series(1, $2::int) AS n`,
      [member.id, history],
    );
  }
  // No ANALYZE: PGlite runs PostgreSQL in single-user mode, without autovacuum, so the site's own
  // database has no statistics either unless someone analyzes it.
  await db.query(`PREPARE slot(uuid) AS SELECT take_ai_question_slot($1, 'tax-consultation', 'en', 'Q?', 'model', 'm', NULL, NULL, 5, false) AS id`);
  await db.query(`PREPARE answered(uuid) AS UPDATE ai_questions SET status = 'answered', answer = 'A.' WHERE id = $1`);
  return { db, member: member.id };
}

/** µs per slot over `CALLS` questions, each answered at once (one pending at a time, as a member). */
async function block({ db, member }) {
  let spent = 0;
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    const {
      rows: [slot],
    } = await db.query(`EXECUTE slot('${member}')`);
    spent += performance.now() - started;
    await db.query(`EXECUTE answered('${slot.id}')`);
  }
  return (spent * 1000) / CALLS;
}

/** Medians of PAIRS alternating blocks (after one unmeasured pair), and the median of the pairs' ratios. */
async function compare(ours, baseline) {
  await block(ours);
  await block(baseline);
  const oursBlocks = [];
  const baselineBlocks = [];
  for (let i = 0; i < PAIRS; i++) {
    oursBlocks.push(await block(ours));
    baselineBlocks.push(await block(baseline));
  }
  return { ours: median(oursBlocks), baseline: median(baselineBlocks), ratio: pairedMedian(oursBlocks, baselineBlocks, (a, b) => a / b) };
}

const loadAtStart = os.loadavg()[0];

// 1. The plan setting: the function as migrated, against the same function with PostgreSQL's default.
const planned = await database(0);
const replanned = await database(0);
await replanned.db.exec(`ALTER FUNCTION ${SIGNATURE} RESET plan_cache_mode`);
const plan = await compare(planned, replanned);

// 2. A long-standing member: the pending ones counted from the partial index, against a scan of all.
const indexed = await database(HISTORY);
const scanned = await database(HISTORY);
await scanned.db.exec("DROP INDEX ai_questions_user_pending_idx");
const history = await compare(indexed, scanned);

for (const { db } of [planned, replanned, indexed, scanned]) await db.close();

const figures = [
  {
    figure: "slot statement, function planned once (migration 0008)",
    value: round(plan.ours, 0),
    unit: "µs",
    baseline: "same, PostgreSQL's default plan choice",
    baselineValue: round(plan.baseline, 0),
    ratio: round(plan.ratio),
  },
  {
    figure: `slot statement, member with ${HISTORY} answered questions, partial index (migration 0007)`,
    value: round(history.ours, 0),
    unit: "µs",
    baseline: "same, without the index",
    baselineValue: round(history.baseline, 0),
    ratio: round(history.ratio),
  },
];
for (const figure of figures) emit({ bench: "ai-slot", database: "PGlite", ...figure });

writeSection(
  "ai-slot",
  `## AI assistant: the credit slot's statement (PGlite)

\`node bench/ai-slot.bench.mjs\` (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${machine()}, load average ${loadAtStart.toFixed(1)} at the start).
The database function take_ai_question_slot runs on every AI question, inside the one statement that also
checks the session and the rate limit (lib/ai/questions.server.ts). Each figure is the median time of one
slot over ${PAIRS} blocks of ${CALLS} questions (each answered before the next, so one is pending at a time),
blocks alternating with the baseline's in the same process; the ratio is the median of the pairs' ratios.
PGlite executes in the calling thread, so this time is CPU of the thread that serves every request.

${markdownTable(
  ["figure", "value", "baseline", "baseline value", "ratio"],
  figures.map((f) => [f.figure, `${f.value} ${f.unit}`, f.baseline, `${f.baselineValue} ${f.unit}`, f.ratio]),
)}

- **Planned once**: under PostgreSQL's default plan_cache_mode the function's insert was planned again on
  every call (PGlite runs without autovacuum, so its tables have no statistics, and a custom plan keeps
  looking cheaper than the generic one); migration 0008 gives the function \`plan_cache_mode = force_generic_plan\` (its lookups are
  equalities on indexed columns, which one generic plan serves for every member).
- **Partial index**: the slot counts the member's pending questions; without
  ai_questions_user_pending_idx that count read every question the member ever asked.`,
);
