// The bare reference server of `npm run bench`: React Router's stock production
// stack, as `react-router-serve` runs it (express, the compression middleware,
// static assets, @react-router/express), with gzip level 4 as the portal uses
// for its static files. The portal answers its pages without express
// (server/router-handler.mjs): that saving is the portal's, not the reference's.
import path from 'node:path'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'

const buildDir = process.env.BUILD_DIR
const build = await import(path.join(buildDir, 'server', 'index.js'))
const port = Number(process.env.PORT)

const app = express()
app.disable('x-powered-by')
app.use(compression({ level: 4 }))
app.use('/assets', express.static(path.join(buildDir, 'client', 'assets'), { immutable: true, maxAge: '1y' }))
app.use(express.static(path.join(buildDir, 'client'), { maxAge: '1h', index: false }))
app.all('*', createRequestHandler({ build, mode: 'production' }))
const server = app.listen(port, '127.0.0.1', () => {
	process.stdout.write(JSON.stringify({ level: 'info', msg: 'listening', port }) + '\n')
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
