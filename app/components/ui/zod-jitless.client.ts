import { z } from 'zod'

// zod's JIT probe (`new Function`) breaks the CSP (no 'unsafe-eval'); this must run before any schema is built.
z.config({ jitless: true })
