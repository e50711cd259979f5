{{/*
Shared templates of the CSKH chart. Every component (values `components`) gets its Deployment,
Service, ConfigMap, PodDisruptionBudget, HorizontalPodAutoscaler and NetworkPolicy from the same
templates, driven by the effective component map built here (cskh.components).
*/}}

{{- define "cskh.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "cskh.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 40 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "cskh.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Name of a component's objects: <fullname>-<component>. Args: root, name. */}}
{{- define "cskh.componentName" -}}
{{- printf "%s-%s" (include "cskh.fullname" .root) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels that select a release's pods (args: root, component). */}}
{{- define "cskh.selectorLabels" -}}
app.kubernetes.io/name: {{ include "cskh.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- if .component }}
app.kubernetes.io/component: {{ .component }}
{{- end }}
{{- end -}}

{{/* Every object's labels (args: root, component). */}}
{{- define "cskh.labels" -}}
helm.sh/chart: {{ include "cskh.chart" .root }}
{{ include "cskh.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/part-of: cskh
{{- with .root.Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{- define "cskh.image" -}}
{{- $img := .Values.image -}}
{{- if $img.digest -}}
{{- printf "%s@%s" $img.repository $img.digest -}}
{{- else -}}
{{- printf "%s:%s" $img.repository (default .Chart.AppVersion $img.tag) -}}
{{- end -}}
{{- end -}}

{{- define "cskh.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "cskh.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* Environment-variable form of a component name: lookup → LOOKUP, carrier-sim → CARRIER_SIM. */}}
{{- define "cskh.envName" -}}
{{- . | upper | replace "-" "_" -}}
{{- end -}}

{{/*
The enabled components with componentDefaults applied (a component's key replaces the default's
key whole), as YAML: use with `include "cskh.components" . | fromYaml`.
*/}}
{{- define "cskh.components" -}}
{{- $out := dict -}}
{{- range $name, $comp := .Values.components -}}
{{- $c := deepCopy $.Values.componentDefaults -}}
{{- range $k, $v := $comp -}}
{{- $_ := set $c $k $v -}}
{{- end -}}
{{- if $c.enabled -}}
{{- $_ := set $out $name $c -}}
{{- end -}}
{{- end -}}
{{- toYaml $out -}}
{{- end -}}

{{/* Port a component listens on. */}}
{{- define "cskh.port" -}}
{{- .c.port | int -}}
{{- end -}}

{{/* ----------------------------------------------------------------------------------------
Secrets. Every secret a container reads is a (Secret name, key) pair: either a Secret the SRE
manages (existingSecret) or the chart's own Secret (<fullname>), whose values are generated once
and read back from the live Secret on every upgrade.
---------------------------------------------------------------------------------------------- */}}

{{- define "cskh.secretName" -}}
{{- include "cskh.fullname" . -}}
{{- end -}}

{{/* A generated secret value, base64: the live one when the chart's Secret holds it, else random. Args: root, key, length. */}}
{{- define "cskh.generated" -}}
{{- $live := lookup "v1" "Secret" .root.Release.Namespace (include "cskh.secretName" .root) -}}
{{- if and $live $live.data (hasKey $live.data .key) -}}
{{- index $live.data .key -}}
{{- else -}}
{{- randAlphaNum (int .length) | b64enc -}}
{{- end -}}
{{- end -}}

{{/* Where a logical secret (values `secrets.<name>`) lives, as YAML {name, key}. Args: root, name. */}}
{{- define "cskh.secretRef" -}}
{{- $s := index .root.Values.secrets .name -}}
{{- if not $s -}}
{{- fail (printf "unknown secret %q (expected one of: %s)" .name (keys .root.Values.secrets | sortAlpha | join ", ")) -}}
{{- end -}}
name: {{ default (include "cskh.secretName" .root) $s.existingSecret }}
key: {{ $s.key }}
{{- end -}}

{{/* The environment variable a logical secret is read as. */}}
{{- define "cskh.secretEnvName" -}}
{{- $map := dict "jwtSecret" "JWT_SECRET" "systemAccountKey" "SYSTEM_ACCOUNT_KEY" "adminPassword" "CSKH_ADMIN_PASSWORD" "carrierSimPassword" "CARRIER_SIM_PASSWORD" -}}
{{- index $map . | required (printf "no environment variable is known for secret %q" .) -}}
{{- end -}}

{{/* DATABASE_URL source as YAML {name, key}. */}}
{{- define "cskh.databaseUrlRef" -}}
{{- $pg := .Values.postgresql -}}
{{- if $pg.enabled -}}
name: {{ default (include "cskh.secretName" .) $pg.existingSecret }}
key: database-url
{{- else if $pg.external.url -}}
name: {{ include "cskh.secretName" . }}
key: database-url
{{- else -}}
name: {{ $pg.external.existingSecret | required "postgresql: enable the in-cluster database, or set postgresql.external.existingSecret (or postgresql.external.url)" }}
key: {{ $pg.external.existingSecretKey }}
{{- end -}}
{{- end -}}

{{/* REDIS_URL source as YAML {name, key}. */}}
{{- define "cskh.redisUrlRef" -}}
{{- $r := .Values.redis -}}
{{- if $r.enabled -}}
name: {{ default (include "cskh.secretName" .) $r.existingSecret }}
key: redis-url
{{- else if $r.external.url -}}
name: {{ include "cskh.secretName" . }}
key: redis-url
{{- else -}}
name: {{ $r.external.existingSecret | required "redis: enable the in-cluster Redis, or set redis.external.existingSecret (or redis.external.url)" }}
key: {{ $r.external.existingSecretKey }}
{{- end -}}
{{- end -}}

{{- define "cskh.kafkaBrokers" -}}
{{- if .Values.kafka.enabled -}}
{{- printf "%s-kafka:9092" (include "cskh.fullname" .) -}}
{{- else -}}
{{- .Values.kafka.external.brokers | required "kafka: enable the in-cluster Kafka, or set kafka.external.brokers" -}}
{{- end -}}
{{- end -}}

{{/* Whether the carrier simulator stands in for the carrier (enabled, and no carrier.url). */}}
{{- define "cskh.carrierIsSim" -}}
{{- $sim := index (include "cskh.components" . | fromYaml) "carrier-sim" -}}
{{- if and $sim (not .Values.carrier.url) -}}true{{- end -}}
{{- end -}}

{{/*
A component's environment as YAML: VAR → {value: "…"} (goes to its ConfigMap) or
VAR → {secret: {name, key}} (read from a Secret). Args: root, name, c (effective component).
The chart tests compare these names with the code's config schemas.
*/}}
{{- define "cskh.componentEnv" -}}
{{- $root := .root -}}
{{- $c := .c -}}
{{- $all := include "cskh.components" $root | fromYaml -}}
{{- $env := dict -}}
{{- range $c.commonEnv -}}
{{- if eq . "LOG_LEVEL" }}{{ $_ := set $env "LOG_LEVEL" (dict "value" $root.Values.logLevel) }}
{{- else if eq . "SHUTDOWN_GRACE_MS" }}{{ $_ := set $env "SHUTDOWN_GRACE_MS" (dict "value" (toString (int $root.Values.shutdownGraceMs))) }}
{{- else }}{{ fail (printf "components.%s.commonEnv: unknown %q (LOG_LEVEL, SHUTDOWN_GRACE_MS)" $.name .) }}
{{- end -}}
{{- end -}}
{{- if eq $c.kind "grpc" -}}
{{- $_ := set $env "GRPC_PORT" (dict "value" (toString (int $c.port))) -}}
{{- $_ := set $env "MIGRATE_ON_START" (dict "value" "false") -}}
{{- else if eq $c.kind "http" -}}
{{- $_ := set $env ($c.portEnv | required (printf "components.%s.portEnv is required for kind http" .name)) (dict "value" (toString (int $c.port))) -}}
{{- end -}}
{{- range $c.uses -}}
{{- if eq . "postgresql" }}{{ $_ := set $env "DATABASE_URL" (dict "secret" (include "cskh.databaseUrlRef" $root | fromYaml)) }}
{{- else if eq . "redis" }}{{ $_ := set $env "REDIS_URL" (dict "secret" (include "cskh.redisUrlRef" $root | fromYaml)) }}
{{- else if eq . "kafka" }}{{ $_ := set $env "KAFKA_BROKERS" (dict "value" (include "cskh.kafkaBrokers" $root)) }}
{{- else if eq . "carrier" }}
{{- $carrier := $root.Values.carrier -}}
{{- if include "cskh.carrierIsSim" $root -}}
{{- $sim := index $all "carrier-sim" -}}
{{- $_ := set $env "CARRIER_URL" (dict "value" (printf "http://%s:%d" (include "cskh.componentName" (dict "root" $root "name" "carrier-sim")) (int $sim.port))) -}}
{{- $_ := set $env "CARRIER_USERNAME" (dict "value" (default "carrier" (index $sim.env "CARRIER_SIM_USERNAME"))) -}}
{{- $_ := set $env "CARRIER_PASSWORD" (dict "secret" (include "cskh.secretRef" (dict "root" $root "name" "carrierSimPassword") | fromYaml)) -}}
{{- else -}}
{{- if $carrier.url }}{{ $_ := set $env "CARRIER_URL" (dict "value" $carrier.url) }}{{ end -}}
{{- if $carrier.username }}{{ $_ := set $env "CARRIER_USERNAME" (dict "value" $carrier.username) }}{{ end -}}
{{- if $carrier.existingSecret }}{{ $_ := set $env "CARRIER_PASSWORD" (dict "secret" (dict "name" $carrier.existingSecret "key" $carrier.existingSecretKey)) }}{{ end -}}
{{- end -}}
{{- else }}{{ fail (printf "components.%s.uses: unknown %q (postgresql, redis, kafka, carrier)" $.name .) }}
{{- end -}}
{{- end -}}
{{- range $c.secrets -}}
{{- $_ := set $env (include "cskh.secretEnvName" .) (dict "secret" (include "cskh.secretRef" (dict "root" $root "name" .) | fromYaml)) -}}
{{- end -}}
{{- range $c.calls -}}
{{- $t := index $all . -}}
{{- if $t -}}
{{- $svc := include "cskh.componentName" (dict "root" $root "name" .) -}}
{{- if eq $t.kind "grpc" -}}
{{- $_ := set $env (printf "%s_GRPC_URL" (include "cskh.envName" .)) (dict "value" (printf "%s:%d" $svc (int $t.port))) -}}
{{- else -}}
{{- $_ := set $env (printf "%s_URL" (include "cskh.envName" .)) (dict "value" (printf "http://%s:%d" $svc (int $t.port))) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if ne .name "migrate" -}}
{{- /* Read by the image's entry (scripts/component.ts) for every component: 0 = not served. */ -}}
{{- $_ := set $env "METRICS_PORT" (dict "value" (ternary (toString (int $root.Values.metrics.port)) "0" $root.Values.metrics.enabled)) -}}
{{- end -}}
{{- /* The exposed component believes X-Forwarded-For from the ingress controller only. */ -}}
{{- if and $c.expose $root.Values.ingress.enabled $root.Values.ingress.trustedProxies -}}
{{- $_ := set $env "TRUSTED_PROXIES" (dict "value" (join "," $root.Values.ingress.trustedProxies)) -}}
{{- end -}}
{{- range $k, $v := $c.env -}}
{{- $_ := set $env $k (dict "value" (toString $v)) -}}
{{- end -}}
{{- toYaml $env -}}
{{- end -}}

{{/* The plain (ConfigMap) part of a component's environment, as YAML data. Args as cskh.componentEnv. */}}
{{- define "cskh.componentConfigData" -}}
{{- $data := dict -}}
{{- range $k, $v := (include "cskh.componentEnv" . | fromYaml) -}}
{{- if hasKey $v "value" }}{{ $_ := set $data $k (toString $v.value) }}{{ end -}}
{{- end -}}
{{- toYaml $data -}}
{{- end -}}

{{/* Container env entries for the secret part. Args as cskh.componentEnv. */}}
{{- define "cskh.secretEnv" -}}
{{- range $k, $v := (include "cskh.componentEnv" . | fromYaml) }}
{{- if hasKey $v "secret" }}
- name: {{ $k }}
  valueFrom:
    secretKeyRef:
      name: {{ $v.secret.name }}
      key: {{ $v.secret.key }}
{{- end }}
{{- end }}
{{- end -}}

{{/* Container env entries, literal values and secrets (the migrate Job runs before the ConfigMaps exist). */}}
{{- define "cskh.literalEnv" -}}
{{- range $k, $v := (include "cskh.componentEnv" . | fromYaml) }}
- name: {{ $k }}
{{- if hasKey $v "secret" }}
  valueFrom:
    secretKeyRef:
      name: {{ $v.secret.name }}
      key: {{ $v.secret.key }}
{{- else }}
  value: {{ $v.value | quote }}
{{- end }}
{{- end }}
{{- end -}}

{{/* terminationGracePeriodSeconds: the process's drain time + preStop sleep + margin. */}}
{{- define "cskh.terminationGrace" -}}
{{- add (div (add (int .root.Values.shutdownGraceMs) 999) 1000) (int .c.preStopSleepSeconds) 5 -}}
{{- end -}}

{{/* The tmp volume every application pod mounts on /tmp (the root filesystem is read-only). */}}
{{- define "cskh.tmpVolume" -}}
- name: tmp
  emptyDir:
    {{- with .Values.tmpVolume.sizeLimit }}
    sizeLimit: {{ . }}
    {{- end }}
{{- end -}}

{{/* Components (names) allowed to call component .name: those whose `calls` list it. Args: root, name. YAML list. */}}
{{- define "cskh.callers" -}}
{{- $callers := list -}}
{{- range $n, $c := (include "cskh.components" .root | fromYaml) -}}
{{- if has $.name $c.calls }}{{ $callers = append $callers $n }}{{ end -}}
{{- end -}}
{{- toYaml $callers -}}
{{- end -}}

{{/* Names of enabled components (plus the migrate Job when it uses it) that use dependency .dep. YAML list. */}}
{{- define "cskh.users" -}}
{{- $users := list -}}
{{- range $n, $c := (include "cskh.components" .root | fromYaml) -}}
{{- if has $.dep $c.uses }}{{ $users = append $users $n }}{{ end -}}
{{- end -}}
{{- if and .root.Values.migrations.enabled (has .dep .root.Values.migrations.uses) -}}
{{- $users = append $users "migrate" -}}
{{- end -}}
{{- toYaml $users -}}
{{- end -}}

{{/* Egress rules (YAML list) from a pod to dependency .dep (postgresql, redis, kafka, carrier). Args: root, dep. */}}
{{- define "cskh.dependencyEgress" -}}
{{- $root := .root -}}
{{- $v := $root.Values -}}
{{- if has .dep (list "postgresql" "redis" "kafka") -}}
{{- $d := index $v .dep -}}
{{- $port := dict "postgresql" 5432 "redis" 6379 "kafka" 9092 -}}
{{- if $d.enabled }}
- to:
    - podSelector:
        matchLabels:
          {{- include "cskh.selectorLabels" (dict "root" $root "component" .dep) | nindent 10 }}
  ports:
    - port: {{ index $port .dep }}
      protocol: TCP
{{- else }}
- ports:
    {{- range ($d.external.ports | default (list $d.external.port)) }}
    - port: {{ . }}
      protocol: TCP
    {{- end }}
  {{- with $d.external.to }}
  to:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end }}
{{- else if eq .dep "carrier" -}}
{{- if include "cskh.carrierIsSim" $root -}}
{{- $sim := index (include "cskh.components" $root | fromYaml) "carrier-sim" }}
- to:
    - podSelector:
        matchLabels:
          {{- include "cskh.selectorLabels" (dict "root" $root "component" "carrier-sim") | nindent 10 }}
  ports:
    - port: {{ $sim.port }}
      protocol: TCP
{{- else }}
- ports:
    {{- range $v.carrier.ports }}
    - port: {{ . }}
      protocol: TCP
    {{- end }}
  {{- with $v.carrier.to }}
  to:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* A container's resources with the chart's ephemeral-storage request and limit added where the
resources do not name their own. Args: root, resources. */}}
{{- define "cskh.resources" -}}
{{- $r := deepCopy (.resources | default dict) -}}
{{- $eph := .root.Values.ephemeralStorage -}}
{{- $requests := merge (deepCopy ($r.requests | default dict)) (dict "ephemeral-storage" $eph.request) -}}
{{- $limits := merge (deepCopy ($r.limits | default dict)) (dict "ephemeral-storage" $eph.limit) -}}
{{- toYaml (merge (dict "requests" $requests "limits" $limits) $r) -}}
{{- end -}}
