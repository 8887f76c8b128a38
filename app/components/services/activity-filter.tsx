import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import type { ActivityKind } from '#app/api/contract/activity'
import { activityKinds } from '#app/api/contract/constants'

/** A GET form, so it is a plain URL and works without JavaScript. */
export function ActivityFilter({ action, kind }: { action: string; kind: ActivityKind | undefined }) {
	const { t } = useTranslation('activity')
	return (
		<Form method="get" action={action} className="form activity-filter-form" aria-label={t('filterForm')}>
			<div className="field">
				<label className="field__label" htmlFor="activity-kind">
					{t('kind')}
				</label>
				{/* Keyed by the filter, so a new page shows the filter it applied. */}
				<select
					id="activity-kind"
					name="kind"
					className="field__input field__select"
					defaultValue={kind ?? ''}
					key={kind ?? ''}
				>
					<option value="">{t('allKinds')}</option>
					{activityKinds.map((value) => (
						<option key={value} value={value}>
							{t(`kinds.${value}`)}
						</option>
					))}
				</select>
			</div>
			<div className="button-row">
				<button type="submit" className="button button--secondary">
					{t('apply')}
				</button>
				{kind ? <Link to={action}>{t('clear')}</Link> : null}
			</div>
		</Form>
	)
}
