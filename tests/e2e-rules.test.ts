/**
 * The rules the e2e suite keeps (helper guide, "Tests must be able to fail"), checked over every `e2e/**\/*.ts` with
 * the TypeScript parser: no `.only`; no assertion that a fixture exists (`expect(baseURL).toBeTruthy()` passes
 * whatever the portal does); no silent early return in a test (an `if` that only returns reports "passed" where
 * nothing ran: `test.skip(condition, reason)` or an `if (…) {…}` block instead); no sleeps (`waitForTimeout`, a
 * promise around `setTimeout`): time goes through the mock's clock hook, waiting through web-first assertions.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'
import { projectRoot } from '#tests/setup/processes'

/** Matchers that only say a value is there. */
const PRESENCE = /^(toBeTruthy|toBeDefined|not\.toBeUndefined|not\.toBeNull|not\.toBeFalsy)$/
const TEST_MODIFIERS = new Set(['only', 'skip', 'fail', 'fixme'])

type Finding = { line: number; rule: string; text: string }

const isFunction = (node: ts.Node): node is ts.ArrowFunction | ts.FunctionExpression | ts.FunctionDeclaration =>
	ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isFunctionDeclaration(node)

/** The callback of `test('name', fn)` (and `test.only/skip/fail/fixme`), else undefined. */
function testCallback(call: ts.CallExpression) {
	const callee = call.expression
	const isTest =
		(ts.isIdentifier(callee) && callee.text === 'test') ||
		(ts.isPropertyAccessExpression(callee) &&
			ts.isIdentifier(callee.expression) &&
			callee.expression.text === 'test' &&
			TEST_MODIFIERS.has(callee.name.text))
	const last = call.arguments.at(-1)
	return isTest && call.arguments.length >= 2 && last && isFunction(last) ? last : undefined
}

/** The names a test callback destructures from its fixtures (`async ({ page, baseURL: url }) => …`). */
function fixtureNames(callback: ts.SignatureDeclarationBase) {
	const first = callback.parameters[0]?.name
	if (!first || !ts.isObjectBindingPattern(first)) return new Set<string>()
	return new Set(first.elements.map((element) => (element.name as ts.Identifier).text))
}

/** `a`, `a.b.c`: the identifier a property chain starts from, else undefined. */
function rootName(node: ts.Expression): string | undefined {
	if (ts.isIdentifier(node)) return node.text
	if (ts.isPropertyAccessExpression(node)) return rootName(node.expression)
	if (ts.isNonNullExpression(node) || ts.isParenthesizedExpression(node)) return rootName(node.expression)
	return undefined
}

/** `expect(x, …).<matcher>()`: the matcher's path (`toBeTruthy`, `not.toBeNull`) and `x`. */
function expectation(call: ts.CallExpression) {
	const names: string[] = []
	let node: ts.Expression = call.expression
	while (ts.isPropertyAccessExpression(node)) {
		names.unshift(node.name.text)
		node = node.expression
	}
	if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'expect') return
	const subject = node.arguments[0]
	return subject ? { matcher: names.join('.'), subject } : undefined
}

/** An `if` whose branch does nothing but return. */
function onlyReturns(statement: ts.Statement | undefined): boolean {
	if (!statement) return false
	if (ts.isReturnStatement(statement)) return true
	return ts.isBlock(statement) && statement.statements.length === 1 && onlyReturns(statement.statements[0])
}

function findViolations(source: string, fileName = 'spec.ts'): Finding[] {
	const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
	const findings: Finding[] = []
	const report = (node: ts.Node, rule: string) =>
		findings.push({
			line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1,
			rule,
			text: node.getText(file).split('\n')[0]!,
		})

	/** `inTest`: the fixtures of the test whose own body (not a nested function) holds `node`. */
	function visit(node: ts.Node, inTest: Set<string> | undefined) {
		if (
			ts.isPropertyAccessExpression(node) &&
			node.name.text === 'only' &&
			/^(test|describe|it)\b/.test(node.getText(file))
		)
			report(node, '.only')
		if (ts.isCallExpression(node)) {
			const callee = node.expression
			const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : ''
			if (name === 'waitForTimeout') report(node, 'sleep (waitForTimeout)')
			if (name === 'setTimeout' && ts.isIdentifier(callee) && node.parent && isInsidePromise(node))
				report(node, 'sleep (a promise around setTimeout)')
			const check = expectation(node)
			const root = check && rootName(check.subject)
			if (check && inTest && root && inTest.has(root) && PRESENCE.test(check.matcher))
				report(node, 'an assertion that a fixture exists')
			const callback = testCallback(node)
			if (callback) {
				const fixtures = fixtureNames(callback)
				visit(node.expression, inTest)
				for (const argument of node.arguments) if (argument !== callback) visit(argument, inTest)
				ts.forEachChild(callback, (child) => visit(child, fixtures))
				return
			}
		}
		if (inTest && ts.isIfStatement(node) && (onlyReturns(node.thenStatement) || onlyReturns(node.elseStatement)))
			report(node, 'a silent early return (use test.skip(condition, reason) or an if block)')
		const nested = isFunction(node) ? undefined : inTest
		ts.forEachChild(node, (child) => visit(child, nested))
	}
	visit(file, undefined)
	return findings
}

/** `new Promise((resolve) => setTimeout(resolve, ms))` and the like: a `setTimeout` in a promise's executor. */
function isInsidePromise(node: ts.Node): boolean {
	for (let parent = node.parent; parent; parent = parent.parent) {
		if (ts.isNewExpression(parent) && ts.isIdentifier(parent.expression) && parent.expression.text === 'Promise')
			return true
	}
	return false
}

function e2eFiles(dir = path.join(projectRoot, 'e2e')): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) return e2eFiles(full)
		return entry.name.endsWith('.ts') ? [full] : []
	})
}

describe('the e2e suite keeps its rules', () => {
	test.each(e2eFiles().map((file) => [path.relative(projectRoot, file), file]))('%s', (_name, file) => {
		const findings = findViolations(readFileSync(file, 'utf8'), file)
		expect(findings.map((f) => `${f.line}: ${f.rule}: ${f.text}`)).toEqual([])
	})
})

describe('the rules catch what they name', () => {
	test.each([
		['test.only', "test.only('x', async ({ page }) => { await page.goto('/') })", '.only'],
		['describe.only', "test.describe.only('x', () => {})", '.only'],
		['a fixture asserted', "test('x', async ({ baseURL }) => { expect(baseURL).toBeTruthy() })", 'fixture'],
		['a fixture renamed', "test('x', async ({ partner }) => { expect(partner.email).toBeDefined() })", 'fixture'],
		[
			'an early return',
			"test('x', async ({ page }, testInfo) => { if (jsDisabled(testInfo)) return\n f() })",
			'silent',
		],
		['a return block', "test('x', async ({ page }) => { if (a) { return }\n f() })", 'silent'],
		['waitForTimeout', "test('x', async ({ page }) => { await page.waitForTimeout(500) })", 'sleep'],
		['a timed promise', 'const pause = () => new Promise((r) => setTimeout(r, 100))', 'sleep'],
	])('%s', (_name, source, rule) => {
		expect(
			findViolations(source)
				.map((f) => f.rule)
				.join(),
		).toContain(rule)
	})

	test.each([
		['a value the page gave', "test('x', async ({ page }) => { expect(await page.title()).toBeTruthy() })"],
		[
			'a branch that asserts, then returns',
			"test('x', async ({ page }) => { if (a) { await expect(page).toHaveURL('/'); return }\n f() })",
		],
		[
			'a return in a nested function',
			"test('x', async ({ page }) => { page.on('request', (r) => { if (a) return\n f(r) }) })",
		],
		['a helper outside any test', 'function f(a) { if (!a) return\n g() }'],
		['a test-wide timeout', "test('x', async () => { test.setTimeout(60_000) })"],
	])('not %s', (_name, source) => {
		expect(findViolations(source)).toEqual([])
	})
})
