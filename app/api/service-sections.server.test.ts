import { describe, expect, test, vi } from 'vitest'
import type { ApiClient } from './client.server'
import type { ServiceStatistics } from './contract/index'
import { ApiError } from './errors'
import { aService } from '#tests/setup/service-fixture'
import {
	enabledProtectionsFromForm,
	saveTranslations,
	statisticsCsv,
	statisticsDays,
	translationsBody,
} from './service-sections.server'

const statistics: ServiceStatistics = {
	days: 7,
	from: '2026-11-17',
	to: '2026-11-18',
	daily: [
		{ date: '2026-11-17', active_users: 10, new_users: 2, nukes: 0 },
		{ date: '2026-11-18', active_users: 12, new_users: 1, nukes: 1 },
	],
	totals: { active_users: 22, new_users: 3, nukes: 1 },
}

describe('service sections', () => {
	test('the checkbox list gives the catalogue keys in order, unknown ones dropped', () => {
		const form = new FormData()
		for (const value of ['linked_account_disconnected', 'nope', 'password_randomised']) form.append('enabled', value)
		expect(enabledProtectionsFromForm(form)).toEqual(['password_randomised', 'linked_account_disconnected'])
		expect(enabledProtectionsFromForm(new FormData())).toEqual([])
	})

	test('translations: blank locales are left out, en-GB always sent, values trimmed', () => {
		expect(
			translationsBody({
				'en-GB': { name: ' Acme ', description: 'Links.' },
				'fr-FR': { name: '', description: '  ' },
				'de-DE': { name: 'Acme DE', description: '' },
			}),
		).toEqual({ 'en-GB': { name: 'Acme', description: 'Links.' }, 'de-DE': { name: 'Acme DE', description: '' } })
		expect(translationsBody({})).toEqual({ 'en-GB': { name: '', description: '' } })
	})

	test('a translations save that lost a race answers the current service', async () => {
		const current = aService({ name: 'Theirs', description: 'Changed elsewhere.', version: 4 })
		const conflict = (data: unknown) =>
			({
				call: vi.fn().mockRejectedValue(
					new ApiError('bad_request', 'conflict', {
						status: 409,
						body: { message: 'x', code: 'version_conflict', data },
					}),
				),
			}) as unknown as ApiClient
		const body = { 'en-GB': { name: 'A', description: 'B' } }
		expect(await saveTranslations(conflict(current), 's1', body, 3)).toEqual({ ok: false, current })
		// A body that is not the contract's conflict answer stays an error.
		await expect(saveTranslations(conflict({ id: 's1' }), 's1', body, 3)).rejects.toThrow('conflict')

		const saved = { call: vi.fn().mockResolvedValue({ data: current }) } as unknown as ApiClient
		expect(await saveTranslations(saved, 's1', body, 3)).toEqual({ ok: true, service: current })
		expect((saved.call as ReturnType<typeof vi.fn>).mock.calls[0]).toEqual([
			'saveServiceTranslations',
			{ params: { id: 's1' }, body: { translations: body, version: 3 } },
		])
	})

	test('?days= is 7, 30 or 90; anything else is 30', () => {
		expect(statisticsDays('7')).toBe(7)
		expect(statisticsDays('90')).toBe(90)
		expect(statisticsDays('14')).toBe(30)
		expect(statisticsDays(null)).toBe(30)
	})

	test('the CSV has the same numbers as the table', () => {
		expect(statisticsCsv(statistics)).toBe(
			'date,active_users,new_users,nukes\r\n2026-11-17,10,2,0\r\n2026-11-18,12,1,1\r\n',
		)
	})
})
