import type { MinifyOptions } from 'terser'

/** How the portal's browser JavaScript is minified (`vite.config.ts`), shared with the reference page of `npm run bench`. */
export const terserOptions: MinifyOptions = { module: true, compress: { passes: 2 }, format: { comments: false } }
