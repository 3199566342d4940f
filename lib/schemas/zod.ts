// zod compiles faster parsers with `new Function` when it may, and probes for that on first use. Our
// CSP forbids eval in the browser, so the probe shows up as a policy violation; the interpreted
// parsers are fast enough for forms and API bodies. Shared schemas import zod from here.
import { z } from "zod";

z.config({ jitless: true });

export { z };
