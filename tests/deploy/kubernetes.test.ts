import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1'
import { Deployment } from 'kubernetes-models/apps/v1'
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2'
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1'
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1'
import { describe, expect, test } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { projectRoot } from '#tests/setup/processes'
import { anonymousFormSpellings, otherPagePaths } from './anonymous-forms'

const dir = path.join(projectRoot, 'deploy', 'kubernetes')

/** Each manifest kind and the model that validates it against the Kubernetes schemas. */
const MODELS = {
	'v1/ConfigMap': ConfigMap,
	'v1/Secret': Secret,
	'v1/Service': Service,
	'apps/v1/Deployment': Deployment,
	'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
	'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
	'networking.k8s.io/v1/Ingress': Ingress,
	'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
} as const

/** In the directory, not applied by kustomization.yaml: the Secret is created by hand, the controller's keys merged. */
const NOT_APPLIED = ['secret.example.yaml', 'ingress-nginx-controller.yaml']

type Manifest = { apiVersion: string; kind: string; metadata: { name: string }; [key: string]: unknown }

function manifests(file: string): Manifest[] {
	return parseAllDocuments(readFileSync(path.join(dir, file), 'utf8')).map((doc) => {
		expect(doc.errors, file).toEqual([])
		return doc.toJS() as Manifest
	})
}

const files = readdirSync(dir).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
const all = files.flatMap((file) => manifests(file).map((manifest) => ({ file, manifest })))
const one = <T>(kind: string, name = 'partner-portal') =>
	all.find(({ manifest }) => manifest.kind === kind && manifest.metadata.name === name)!.manifest as unknown as T

describe('deploy/kubernetes', () => {
	test('every manifest validates against the Kubernetes schemas', () => {
		expect(all.length).toBeGreaterThanOrEqual(10)
		for (const { file, manifest } of all) {
			const Model = MODELS[`${manifest.apiVersion}/${manifest.kind}` as keyof typeof MODELS]
			expect(Model, `${file}: ${manifest.apiVersion} ${manifest.kind}`).toBeDefined()
			expect(() => new Model(manifest as never).validate(), `${file}: ${manifest.kind}`).not.toThrow()
		}
	})

	test('kustomization lists every applied manifest (the Secret is created by hand)', () => {
		const [kustomization] = manifests('kustomization.yaml') as unknown as Array<{ resources: string[] }>
		expect([...kustomization!.resources].sort()).toEqual(files.filter((file) => !NOT_APPLIED.includes(file)).sort())
	})

	test("the image is pinned to a release: kustomize gives the Deployment's image a version tag, never latest", () => {
		const [kustomization] = manifests('kustomization.yaml') as unknown as Array<{
			images: Array<{ name: string; newTag?: string; digest?: string }>
		}>
		const [container] = new Deployment(one('Deployment')).spec!.template.spec!.containers
		const image = kustomization!.images.find((entry) => entry.name === container!.image)
		expect(image, `an images entry for ${container!.image}`).toBeDefined()
		expect(image!.digest ?? image!.newTag).toMatch(/^(sha256:[0-9a-f]{64}|v?\d+\.\d+\.\d+(-[\w.]+)?)$/)
	})

	test("only the ingress controller's namespace reaches the portal pods, on the container port", () => {
		const policy = new NetworkPolicy(one('NetworkPolicy'))
		const deployment = new Deployment(one('Deployment'))
		expect(policy.spec!.podSelector.matchLabels).toEqual(deployment.spec!.selector.matchLabels)
		expect(policy.spec!.policyTypes).toEqual(['Ingress', 'Egress'])
		expect(policy.spec!.ingress).toHaveLength(1)
		const [rule] = policy.spec!.ingress!
		// A namespace selector alone: kustomize's includeSelectors would add the portal's label to a pod selector.
		expect(rule!.from).toEqual([
			{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } },
		])
		const [port] = deployment.spec!.template.spec!.containers[0]!.ports!
		expect(rule!.ports).toEqual([{ protocol: 'TCP', port: port!.name }])
	})

	test('the portal pods reach only DNS in kube-system and, over HTTPS, the partner API and the error tracker', () => {
		const policy = new NetworkPolicy(one('NetworkPolicy'))
		const egress = policy.spec!.egress!
		expect(egress).toHaveLength(3)
		// Every rule names where it goes (a rule without `to` allows every address) and on which ports.
		for (const rule of egress) {
			expect(rule.to?.length, JSON.stringify(rule)).toBeGreaterThan(0)
			expect(rule.ports?.length, JSON.stringify(rule)).toBeGreaterThan(0)
		}
		const [dns, api, tracker] = egress
		// A namespace selector alone: kustomize's includeSelectors would add the portal's label to a pod selector.
		expect(dns!.to).toEqual([{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } } }])
		expect(dns!.ports).toEqual([
			{ protocol: 'UDP', port: 53 },
			{ protocol: 'TCP', port: 53 },
		])
		for (const rule of [api!, tracker!]) {
			expect(rule.ports).toEqual([{ protocol: 'TCP', port: 443 }])
			expect(rule.to).toEqual([{ ipBlock: { cidr: expect.stringMatching(/^\d+\.\d+\.\d+\.\d+\/\d+$/) } }])
			// Not the whole internet.
			expect(Number(rule.to![0]!.ipBlock!.cidr.split('/')[1])).toBeGreaterThanOrEqual(8)
		}
	})

	test('the anonymous-forms Ingress keeps its limit, on one regular expression that matches every spelling of every anonymous form and no other page', () => {
		const ingress = new Ingress(one('Ingress', 'partner-portal-anonymous-forms'))
		expect(ingress.metadata!.annotations).toEqual({
			'nginx.ingress.kubernetes.io/limit-rpm': '10',
			'nginx.ingress.kubernetes.io/limit-burst-multiplier': '5',
			'nginx.ingress.kubernetes.io/use-regex': 'true',
		})
		const paths = ingress.spec!.rules!.flatMap((rule) => rule.http!.paths)
		expect(paths.map((p) => p.pathType)).toEqual(['ImplementationSpecific'])
		// What ingress-nginx makes of it with use-regex: `location ~* "^<path>"`.
		const location = new RegExp(`^${paths[0]!.path}`, 'i')
		const spellings = anonymousFormSpellings()
		expect(spellings.length).toBeGreaterThan(50)
		expect(spellings.filter((spelling) => !location.test(spelling))).toEqual([])
		expect(otherPagePaths().filter((other) => location.test(other))).toEqual([])
	})

	test("the ingress controller's keys log like deploy/nginx: the same redacting maps, no request line, Referer or query string", () => {
		const controller = one<{ data: Record<string, string> }>('ConfigMap', 'ingress-nginx-controller').data
		const template = readFileSync(path.join(projectRoot, 'deploy', 'nginx', 'portal.conf.template'), 'utf8')
		const maps = (text: string) =>
			[...text.matchAll(/^[\t ]*map \$(?:uri|http_referer) [^{]+\{[^}]+\}/gm)].map((match) =>
				match[0].replace(/\s+/g, ' ').trim(),
			)
		expect(maps(controller['http-snippet']!)).toHaveLength(2)
		expect(maps(controller['http-snippet']!)).toEqual(maps(template))
		const format = controller['log-format-upstream']!
		expect(format).toContain('"$request_method $portal_log_path $server_protocol"')
		expect(format).toContain('"$portal_log_referer"')
		expect(format).not.toMatch(/\$(request|request_uri|http_referer|args|query_string|arg_\w+)\b/)
		expect(controller['server-snippet']).toContain('return 400;')
	})

	test('the ingress controller sets X-Forwarded-* and X-Request-ID itself: the portal trusts it as its one proxy', () => {
		const controller = one<{ data: Record<string, string> }>('ConfigMap', 'ingress-nginx-controller').data
		// A client's X-Forwarded-* ignored; X-Forwarded-For is the peer address, not appended to.
		expect(controller).toMatchObject({ 'use-forwarded-headers': 'false', 'compute-full-forwarded-for': 'false' })
		expect(controller['enable-real-ip'] ?? 'false').toBe('false')
		// The controller would pass a client's X-Request-ID on as $req_id: each server sets it to nginx's own, first.
		expect(controller['generate-request-id']).toBe('true')
		expect(controller['server-snippet']!.trim().split('\n')[0]).toBe('set $req_id $request_id;')
		// Refusals over the limit are logged below the error log's level: their request line and Referer stay out.
		expect(controller['http-snippet']).toMatch(/^limit_req_log_level info;$/m)
		expect(controller['error-log-level']).toBe('notice')
		// TRUST_PROXY counts proxies in front (express's `trust proxy` hops): the controller alone.
		expect(one<{ data: Record<string, string> }>('ConfigMap').data.TRUST_PROXY).toBe('1')
	})

	test('the ConfigMap and the Secret name every variable of .env.example, the secret ones in the Secret', () => {
		const example = readFileSync(path.join(projectRoot, '.env.example'), 'utf8')
		const variables = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!)
		const config = Object.keys(one<{ data: Record<string, string> }>('ConfigMap').data)
		const secret = Object.keys(one<{ stringData: Record<string, string> }>('Secret').stringData)
		expect(variables.length).toBeGreaterThan(10)
		for (const name of variables) expect([...config, ...secret], name).toContain(name)
		for (const name of ['SESSION_SECRET', 'SESSION_SECRET_FALLBACKS', 'API_CLIENT_CREDENTIAL', 'SENTRY_DSN']) {
			expect(secret).toContain(name)
			expect(config).not.toContain(name)
		}
	})

	test('the Deployment: 3 replicas, probes, a preStop pause, resources, non-root, read-only root filesystem', () => {
		const deployment = new Deployment(one('Deployment'))
		expect(deployment.spec!.replicas).toBe(3)
		const pod = deployment.spec!.template.spec!
		const [container] = pod.containers
		expect(container!.readinessProbe!.httpGet!.path).toBe('/readyz')
		expect(container!.livenessProbe!.httpGet!.path).toBe('/healthz')
		expect(container!.lifecycle!.preStop!.exec!.command).toEqual(['sleep', '5'])
		expect(container!.resources!.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) })
		expect(container!.resources!.limits!.memory).toBeTruthy()
		expect(pod.securityContext!.runAsNonRoot).toBe(true)
		expect(container!.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false })
		expect(container!.envFrom!.map((source) => source.configMapRef?.name ?? source.secretRef?.name)).toEqual([
			'partner-portal',
			'partner-portal',
		])
		// The pause, then the bounded shutdown, fit in the grace period.
		const shutdownMs = Number(one<{ data: Record<string, string> }>('ConfigMap').data.SHUTDOWN_TIMEOUT_MS)
		expect(5 + shutdownMs / 1000).toBeLessThan(pod.terminationGracePeriodSeconds!)
		// A rolling update never drops below the replicas it has.
		expect(deployment.spec!.strategy!.rollingUpdate!.maxUnavailable).toBe(0)
	})

	test('the autoscaler scales the Deployment on CPU, and the disruption budget keeps all but one', () => {
		const hpa = new HorizontalPodAutoscaler(one('HorizontalPodAutoscaler'))
		expect(hpa.spec!.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'partner-portal' })
		expect(hpa.spec!.metrics![0]!.resource!.name).toBe('cpu')
		expect(new PodDisruptionBudget(one('PodDisruptionBudget')).spec!.maxUnavailable).toBe(1)
	})
})
