/** A table's column headings. */
export function TableHead({ columns }: { columns: string[] }) {
	return (
		<thead>
			<tr>
				{columns.map((column) => (
					<th key={column} scope="col">
						{column}
					</th>
				))}
			</tr>
		</thead>
	)
}
