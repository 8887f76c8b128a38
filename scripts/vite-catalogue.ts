import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

/** The module whose default export is the address of the en-GB catalogue (`app/locales/catalogue-url.ts`). */
const CATALOGUE_MODULE = 'virtual:catalogue-url'
const RESOLVED = `\0${CATALOGUE_MODULE}`
/** Where the dev server answers with the catalogue. */
const DEV_PATH = '/@catalogue/en-GB.json'

/**
 * The en-GB catalogue as one JSON file for the browser: every namespace of
 * `app/locales/en-GB/` (`{ common: {…}, services: {…}, … }`), one request
 * instead of one per namespace. The browser build emits it with a content
 * hash in its name (served from /assets/ with a year's cache); the server
 * build only names the same file. The dev server answers it from the current
 * files.
 */
export function catalogueFile(localesDir: string): Plugin {
	const read = () => {
		const files = readdirSync(localesDir).filter((file) => file.endsWith('.json'))
		const catalogue = Object.fromEntries(
			files.map((file) => [
				path.basename(file, '.json'),
				JSON.parse(readFileSync(path.join(localesDir, file), 'utf8')),
			]),
		)
		return { files: files.map((file) => path.join(localesDir, file)), json: JSON.stringify(catalogue) }
	}
	let serving = false
	let base = '/'
	return {
		name: 'portal:catalogue-file',
		configResolved(config) {
			serving = config.command === 'serve'
			base = config.base
		},
		configureServer(server) {
			server.middlewares.use(DEV_PATH, (_request, response) => {
				response.setHeader('Content-Type', 'application/json; charset=utf-8')
				response.setHeader('Cache-Control', 'no-store')
				response.end(read().json)
			})
		},
		resolveId(id) {
			return id === CATALOGUE_MODULE ? RESOLVED : undefined
		},
		load(id) {
			if (id !== RESOLVED) return undefined
			if (serving) return `export default ${JSON.stringify(DEV_PATH)}`
			const { files, json } = read()
			const fileName = `assets/catalogue-${createHash('sha256').update(json).digest('base64url').slice(0, 10)}.json`
			if (this.environment.name === 'client') {
				for (const file of files) this.addWatchFile(file)
				this.emitFile({ type: 'asset', fileName, source: json })
			}
			return `export default ${JSON.stringify(`${base}${fileName}`)}`
		},
	}
}
