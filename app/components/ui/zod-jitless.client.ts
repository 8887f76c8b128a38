import { z } from 'zod'

/**
 * In the browser zod runs without its JIT: probing for it (`new Function`)
 * breaks the CSP (no 'unsafe-eval') and is reported as a violation. It must
 * run before the first schema is built, which happens as modules load: zod
 * and the schemas load lazily, and `useAppForm` loads this module before
 * them (see there).
 */
z.config({ jitless: true })
