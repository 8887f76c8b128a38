import { useLoaderData } from 'react-router'

export const meta = () => [{ title: 'Reference' }, { name: 'description', content: 'A bare React Router page.' }]

export function loader() {
	return { greeting: 'Hello', items: ['one', 'two', 'three'] }
}

export default function Home() {
	const { greeting, items } = useLoaderData<typeof loader>()
	return (
		<main>
			<h1>{greeting}</h1>
			<ul>
				{items.map((item) => (
					<li key={item}>{item}</li>
				))}
			</ul>
		</main>
	)
}
