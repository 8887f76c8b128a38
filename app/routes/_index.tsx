import { useTranslation } from 'react-i18next'
import type { Route } from './+types/_index'
import { pageTitle } from '#app/utils/meta'

export const meta: Route.MetaFunction = () => pageTitle('Home')

export default function Home() {
	const { t } = useTranslation()
	return (
		<section className="stack" aria-labelledby="page-heading">
			<h1 id="page-heading">{t('home.heading')}</h1>
			<p>{t('home.intro')}</p>
		</section>
	)
}
