// Production HTTP server: static assets plus the React Router request handler.
// Importing the server build validates the configuration first (see
// app/config.server.ts) and exits before listening when it is wrong.
import { readdirSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import compression from 'compression'
import express from 'express'
import { createRouterHandler } from './server/router-handler.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const buildDir = path.join(here, 'build')
const build = await import(path.join(buildDir, 'server', 'index.js'))

const port = Number(process.env.PORT || 3000)
const host = process.env.HOST || '0.0.0.0'

const logLine = (level, msg, fields) =>
	process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }) + '\n')

const logFailure = (error) => logLine('error', 'request failed', { error: error?.name, message: error?.message })

// Pages, data and forms: React Router, with no framework in between (server/router-handler.mjs).
const router = createRouterHandler({ build, trustProxy: process.env.TRUST_PROXY === '1', log: logFailure })

// Static files: express.static (serve-static) and the `compression` middleware, which negotiates brotli as well.
// gzip level 4, not zlib's default 6: half the CPU for 3% more bytes. nginx's default is 1.
const compress = compression({ level: 4 })
// Static files do not pass through the router's middleware: give them the basics here.
const setHeaders = (res) => {
	res.setHeader('X-Content-Type-Options', 'nosniff')
	res.setHeader('Cross-Origin-Resource-Policy', 'same-origin')
}
const clientDir = path.join(buildDir, 'client')
// Fingerprinted assets never change; everything else in public/ for an hour.
const serveAssets = express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', setHeaders })
const serveClient = express.static(clientDir, { maxAge: '1h', index: false, setHeaders })
// A page's path names no file of build/client: asking the disk (a stat per request) is skipped for paths whose
// first segment, decoded and normalised as express.static does, is none of its entries. The build does not
// change while the server runs; anything unclear is left to express.static.
const clientEntries = new Set(readdirSync(clientDir))
function mayNameClientFile(pathname) {
	let decoded
	try {
		decoded = decodeURIComponent(pathname)
	} catch {
		return true
	}
	// "/" is the build directory itself, which serves nothing (no index).
	if (decoded === '/') return false
	const first = path.posix.normalize(`./${decoded}`).split('/')[0]
	return first === '.' || first === '..' || clientEntries.has(first)
}

function answer(req, res) {
	router(req, res).catch((error) => {
		logFailure(error)
		res.destroy()
	})
}

/** A file of build/client when the path names one, else the router. */
function handle(req, res) {
	const url = req.url ?? ''
	const pathname = url.split('?')[0]
	const isAsset = pathname.startsWith('/assets/')
	if (!isAsset && !mayNameClientFile(pathname)) return answer(req, res)
	compress(req, res, () => {
		if (!isAsset) return serveClient(req, res, () => answer(req, res))
		// As if mounted at /assets; a missing asset falls through to the router's 404 page with its own URL.
		req.url = url.slice('/assets'.length)
		serveAssets(req, res, () => {
			req.url = url
			answer(req, res)
		})
	})
}

const server = http.createServer(handle)
server.listen(port, host, () => logLine('info', 'listening', { host, port }))

function shutdown(signal) {
	logLine('info', 'shutting down', { signal })
	server.close(() => process.exit(0))
	setTimeout(() => process.exit(0), 10_000).unref()
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
