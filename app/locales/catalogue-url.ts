import url from 'virtual:catalogue-url'

/**
 * Where the browser fetches the en-GB catalogue: one JSON file of every
 * namespace (`scripts/vite-catalogue.ts`), with a content hash in its name and
 * cached for a year, instead of the strings riding in the JavaScript of every
 * page (issue 13). The root preloads it; `entry.client.tsx` reads it before it
 * hydrates.
 */
export const catalogueUrl: string = url
