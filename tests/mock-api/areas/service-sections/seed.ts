/**
 * The part 2 state of the demo services, consistent with their review status:
 * a service that was submitted met the checklist (a logo, a verified domain,
 * the en-GB translation) and has the history that led to its status.
 */
import { deflateSync } from 'node:zlib'
import { domainProof, type ServiceReviewStatus } from '../../../../app/api/contract/index'
import { newId } from '../../crypto'
import type { MockStore } from '../../store'
import type { ServiceRecord } from '../services/state'
import { setProtections } from './state'

const DAY_MS = 24 * 60 * 60 * 1000

function crc32(bytes: Uint8Array): number {
	let crc = 0xffffffff
	for (const byte of bytes) {
		crc ^= byte
		for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
	}
	return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
	const typed = Buffer.concat([Buffer.from(type, 'latin1'), data])
	const length = Buffer.alloc(4)
	length.writeUInt32BE(data.length)
	const crc = Buffer.alloc(4)
	crc.writeUInt32BE(crc32(typed))
	return Buffer.concat([length, typed, crc])
}

/** A real, renderable PNG: a square of one colour with a lighter inner square. */
export function squareLogo(size: number, [r, g, b]: readonly [number, number, number]): Buffer {
	const header = Buffer.alloc(13)
	header.writeUInt32BE(size, 0)
	header.writeUInt32BE(size, 4)
	header.set([8, 2, 0, 0, 0], 8)
	const rows: number[] = []
	for (let y = 0; y < size; y++) {
		rows.push(0)
		for (let x = 0; x < size; x++) {
			const inner = x > size / 4 && x < (size * 3) / 4 && y > size / 4 && y < (size * 3) / 4
			rows.push(inner ? 255 : r, inner ? 255 : g, inner ? 255 : b)
		}
	}
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', header),
		chunk('IDAT', deflateSync(Buffer.from(rows))),
		chunk('IEND', Buffer.alloc(0)),
	])
}

const at = (created: number, days: number) => created + days * DAY_MS

/** The history that leads to each seeded status (days after creation). */
const HISTORY: Partial<Record<ServiceReviewStatus, Array<[ServiceReviewStatus, number, 'partner' | 'operator']>>> = {
	in_progress: [
		['submitted', 2, 'partner'],
		['in_progress', 3, 'operator'],
	],
	verified: [
		['submitted', 2, 'partner'],
		['cancelled', 2.5, 'partner'],
		['submitted', 3, 'partner'],
		['in_progress', 4, 'operator'],
		['verified', 5, 'operator'],
	],
}

/** Sets up a seeded demo service for its review status; `color` is its logo's. */
export function seedServiceSections(
	store: MockStore,
	service: ServiceRecord,
	status: ServiceReviewStatus,
	color: readonly [number, number, number],
) {
	const created = service.created_at
	const history = HISTORY[status]
	if (history) {
		const logo = squareLogo(160, color)
		const file = `${newId()}.png`
		store.data.uploads.push({
			id: newId(),
			user_id: service.user_id,
			kind: 'service_logo',
			file,
			content_type: 'image/png',
			size: logo.length,
			data: logo.toString('base64'),
			created_at: at(created, 1),
			expires_at: null,
		})
		service.logo = { file, content_type: 'image/png', width: 160, height: 160 }
		service.domain_verification = {
			...service.domain_verification,
			status: 'verified',
			verified_at: at(created, 1),
			last_check: {
				checked_at: at(created, 1),
				dns_found: [domainProof.dnsValue(service.domain_verification.token)],
				file_status: 404,
				file_first_line: null,
			},
		}
		for (const [to, days, actor] of history) {
			store.data.service_review_events.push({
				service_id: service.id,
				status: to,
				reason: null,
				actor,
				at: at(created, days),
			})
		}
		const [last] = history.slice(-1)
		service.review = { status, reason: null, updated_at: at(created, last![1]) }
	}
	if (status === 'verified') {
		service.translations = [
			{ locale: 'fr-FR', name: service.name, description: 'Les paiements de la boutique de démonstration.' },
			{ locale: 'de-DE', name: service.name, description: 'Zahlungen für den Demo-Shop.' },
		]
		setProtections(store, service, (key) => key !== 'linked_account_disconnected')
	}
	if (status === 'in_progress') setProtections(store, service, (key) => key === 'sessions_revoked')
	service.updated_at = Math.min(store.now(), at(created, 5))
}
