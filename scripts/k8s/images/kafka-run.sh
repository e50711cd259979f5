#!/bin/sh
# A KRaft broker+controller from KAFKA_* variables, as the apache/kafka image reads them:
# KAFKA_FOO_BAR=v becomes foo.bar=v (KAFKA_HEAP_OPTS and KAFKA_OPTS are JVM options); CLUSTER_ID
# formats an empty log dir once. Used by the local Kafka image and, on the host, by the
# production-shape test (BROKER_LIBS / BROKER_CONF_DIR point at the jars and a scratch dir).
set -eu
LIBS=${BROKER_LIBS:-/opt/kafka/libs}
CONF=${BROKER_CONF_DIR:-/tmp/kafka}
mkdir -p "$CONF"
props=$CONF/server.properties
: > "$props"
env | grep '^KAFKA_' | sort | while IFS='=' read -r k v; do
  case "$k" in KAFKA_HEAP_OPTS|KAFKA_OPTS|KAFKA_JVM_PERFORMANCE_OPTS|KAFKA_LOG4J_OPTS) continue ;; esac
  echo "$(echo "${k#KAFKA_}" | tr 'A-Z_' 'a-z.')=$v" >> "$props"
done
cat > "$CONF/log4j.properties" <<'L'
log4j.rootLogger=WARN, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.server.KafkaRaftServer=INFO
log4j.logger.kafka.server.BrokerServer=INFO
L
CP=$(ls "$LIBS"/*.jar | sort | tr '\n' ':')
LOGDIR=$(sed -n 's/^log\.dirs=//p' "$props" | cut -d, -f1)
JAVA_OPTS="-XX:+UseG1GC -XX:MaxGCPauseMillis=20 -Djava.awt.headless=true -Xshare:auto -Dlog4j.configuration=file:$CONF/log4j.properties"
if [ ! -f "$LOGDIR/meta.properties" ]; then
  mkdir -p "$LOGDIR"
  # shellcheck disable=SC2086
  java $JAVA_OPTS -cp "$CP" kafka.tools.StorageTool format -t "${CLUSTER_ID:?CLUSTER_ID is required}" -c "$props" --ignore-formatted
fi
# shellcheck disable=SC2086
exec java ${KAFKA_HEAP_OPTS:--Xms256m -Xmx512m} $JAVA_OPTS ${KAFKA_OPTS:-} -cp "$CP" kafka.Kafka "$props"
