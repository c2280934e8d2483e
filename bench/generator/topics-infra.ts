// Operations topics of the catalogue: servers, networks, pipelines. Data only.
import type { TopicSpec } from "./topic.js";

export const INFRA_TOPICS: TopicSpec[] = [
  {
    id: "pg-replication",
    name: "postgres replication lag on db-03",
    domain: "work",
    keywords: "postgres|replication|lag|db-03|standby|WAL",
    entities: "db-03|db-04|pgbouncer-2|patroni|wal-g|replica-east",
    paths:
      "/etc/postgresql/16/main/postgresql.conf|/var/log/postgresql/postgresql-16-main.log|" +
      "/etc/patroni/patroni.yml|ops/runbooks/replication.md|/srv/wal-g/backup.sql",
    people: "Priya|Tomasz|Ines",
    ticket: "DBA",
    problems:
      "replication slot is inactive|requested WAL segment has already been removed|" +
      "terminating walsender process due to replication timeout|standby is 412 MB behind primary",
    commands:
      "psql -h db-03 -c 'select * from pg_stat_replication'|journalctl -u patroni --since -2h|" +
      "tail -n 400 /var/log/postgresql/postgresql-16-main.log|patronictl list|df -h /var/lib/postgresql",
    terms:
      "replication slot|write-ahead log|hot standby|checkpoint|wal_keep_size|streaming replica|" +
      "failover|vacuum|lsn|synchronous_commit",
    actions:
      "raise wal_keep_size|rebuild the replica on db-04|drop the stale replication slot|" +
      "check checkpoint timing|move the archive to wal-g|test a patroni failover",
  },
  {
    id: "ingress-tls",
    name: "kubernetes ingress TLS renewal",
    domain: "work",
    keywords: "kubernetes|ingress|TLS|cert-manager|certificate|renewal",
    entities: "ingress-nginx|cert-manager|letsencrypt-prod|api-gateway|k8s-prod-2|edge-lb",
    paths:
      "deploy/k8s/ingress.yaml|deploy/k8s/cluster-issuer.yaml|/var/log/cert-manager/controller.log|" +
      "docs/tls-runbook.md|deploy/k8s/values-prod.yaml",
    people: "Kwame|Lena|Marco",
    ticket: "PLAT",
    problems:
      "certificate has expired or is not yet valid|ACME challenge failed: 404 on http-01|" +
      "secret api-tls not found|x509: certificate signed by unknown authority",
    commands:
      "kubectl get certificates -A|kubectl describe certificate api-tls -n edge|" +
      "kubectl logs deploy/cert-manager -n cert-manager --tail=300|kubectl get ingress -A|" +
      "openssl s_client -connect api.example.net:443 -servername api.example.net",
    terms:
      "ClusterIssuer|http-01 challenge|dns-01 challenge|TLS secret|ingress class|annotation|" +
      "certificate chain|ACME order|renewal window",
    actions:
      "switch the issuer to dns-01|renew the api-tls certificate|add the staging issuer|" +
      "fix the ingress annotations|alert before certificates expire",
  },
  {
    id: "redis-eviction",
    name: "redis eviction storm on cache-02",
    domain: "work",
    keywords: "redis|eviction|maxmemory|cache-02|keyspace|memory",
    entities: "cache-02|cache-03|redis-sentinel|session-store|rate-counter|twemproxy",
    paths:
      "/etc/redis/redis.conf|/var/log/redis/redis-server.log|ops/redis/keys-report.csv|docs/cache.md",
    people: "Omar|Sofia|Jun",
    ticket: "CACHE",
    problems:
      "OOM command not allowed when used memory > maxmemory|evicted_keys jumped to 180k/min|" +
      "MISCONF Redis is configured to save RDB snapshots|latency spike of 900 ms on GET",
    commands:
      "redis-cli -h cache-02 info memory|redis-cli -h cache-02 --bigkeys|" +
      "tail -n 500 /var/log/redis/redis-server.log|redis-cli -h cache-02 slowlog get 50",
    terms:
      "maxmemory-policy|allkeys-lru|volatile-ttl|big key|keyspace hits|fragmentation ratio|" +
      "RDB snapshot|AOF rewrite|TTL",
    actions:
      "switch to allkeys-lru|split the session keys onto cache-03|set TTLs on the rate counters|" +
      "shrink the big hashes|turn off RDB saves",
  },
  {
    id: "dns-cloudflare",
    name: "moving DNS from Route53 to Cloudflare",
    domain: "work",
    keywords: "DNS|Route53|Cloudflare|nameserver|zone|records",
    entities: "example.net|status.example.net|Route53|Cloudflare|mx1.example.net|registrar",
    paths:
      "infra/dns/zone-export.txt|infra/dns/cloudflare.tf|docs/dns-migration.md|infra/dns/records.csv",
    people: "Hannah|Diego|Ravi",
    ticket: "NET",
    problems:
      "SERVFAIL from 1.1.1.1 for status.example.net|DNSSEC validation failure|" +
      "CNAME at zone apex not allowed|TTL still 86400 on the MX records",
    commands:
      "dig +trace example.net|dig @ns1.cloudflare.com example.net any|" +
      "terraform plan -target=module.dns|aws route53 list-resource-record-sets --hosted-zone-id Z3EXAMPLE",
    terms:
      "zone file|nameserver delegation|TTL|MX record|SPF|DKIM|DNSSEC|CNAME flattening|proxy status",
    actions:
      "lower the TTLs before the cutover|import the zone into terraform|switch the nameservers|" +
      "verify the DKIM records|disable DNSSEC at the registrar first",
  },
  {
    id: "restic-backups",
    name: "nightly restic backups to B2",
    domain: "work",
    keywords: "restic|backup|B2|snapshot|restore|retention",
    entities: "backup-01|b2-bucket-ops|files-02|restic-repo|healthchecks|nas-archive",
    paths:
      "/etc/restic/backup.sh|/var/log/restic/nightly.log|/etc/systemd/system/restic.timer|" +
      "ops/runbooks/restore.md",
    people: "Greta|Samir|Yuki",
    ticket: "BKP",
    problems:
      "repository is already locked exclusively|unable to open config file: 403 Forbidden|" +
      "prune took 6h and timed out|snapshot size grew 40% overnight",
    commands:
      "restic snapshots --compact|restic check --read-data-subset=5%|" +
      "journalctl -u restic.service --since yesterday|restic stats --mode raw-data|systemctl list-timers",
    terms:
      "snapshot|prune|forget policy|pack file|repository lock|B2 application key|restore drill",
    actions:
      "tighten the forget policy|run a restore drill|unlock the repository|" +
      "move the prune to weekends|add a healthchecks ping",
  },
  {
    id: "prometheus-alerts",
    name: "prometheus alert fatigue cleanup",
    domain: "work",
    keywords: "prometheus|alertmanager|alerts|PagerDuty|grafana|silences",
    entities: "prometheus-1|alertmanager|grafana|node-exporter|blackbox-exporter|pagerduty",
    paths:
      "monitoring/rules/node.rules.yml|monitoring/alertmanager.yml|/var/log/prometheus/prometheus.log|" +
      "docs/alerting-policy.md",
    people: "Ana|Felix|Chidi",
    ticket: "MON",
    problems:
      "HighCPULoad fired 214 times this week|alert routed to the wrong receiver|" +
      "inhibition rule never matches|DiskWillFillIn4Hours flapping",
    commands:
      "amtool alert query|amtool silence query|promtool check rules monitoring/rules/node.rules.yml|" +
      "curl -s localhost:9090/api/v1/rules|journalctl -u prometheus --since -1h",
    terms: "alert rule|severity label|inhibition|silence|receiver|for clause|runbook url|burn rate",
    actions:
      "add for clauses to the noisy rules|route warnings to Slack only|write runbook links|" +
      "switch to SLO burn-rate alerts|delete the dead alerts",
  },
  {
    id: "terraform-drift",
    name: "terraform state drift in the network module",
    domain: "work",
    keywords: "terraform|state|drift|module|VPC|plan",
    entities: "vpc-main|module.network|tfstate-bucket|nat-gateway-a|subnet-private-b|atlantis",
    paths: "infra/network/main.tf|infra/network/variables.tf|infra/backend.tf|docs/terraform.md",
    people: "Bruno|Maya|Ikechukwu",
    ticket: "INFRA",
    problems:
      "Error acquiring the state lock|resource will be destroyed and recreated|" +
      "Provider produced inconsistent final plan|route table has 3 unexpected routes",
    commands:
      "terraform plan -out=plan.bin|terraform state list|terraform show -json plan.bin|" +
      "terraform import aws_route.extra rtb-0a1b",
    terms:
      "state file|drift|import block|lifecycle ignore_changes|provider version|plan output|workspace",
    actions:
      "import the manual routes|pin the provider version|add ignore_changes for tags|" +
      "split the network state|run plans in atlantis",
  },
  {
    id: "nginx-502",
    name: "intermittent 502s from the nginx upstream",
    domain: "work",
    keywords: "nginx|502|upstream|keepalive|gunicorn|timeout",
    entities: "web-01|web-02|nginx|gunicorn|app-upstream|haproxy",
    paths:
      "/etc/nginx/nginx.conf|/etc/nginx/sites-enabled/app.conf|/var/log/nginx/error.log|app/gunicorn.conf.py",
    people: "Rosa|Tariq|Elif",
    ticket: "WEB",
    problems:
      "upstream prematurely closed connection while reading response header|" +
      "connect() failed (111: Connection refused) while connecting to upstream|" +
      "worker timeout (pid:4412)|no live upstreams while connecting to upstream",
    commands:
      "tail -n 600 /var/log/nginx/error.log|nginx -T|systemctl status gunicorn|" +
      "ss -s|curl -sv http://127.0.0.1:8000/healthz",
    terms:
      "upstream keepalive|proxy_read_timeout|worker connections|graceful reload|health check|backlog",
    actions:
      "raise the gunicorn timeout|enable upstream keepalive|add max_fails to the upstream|" +
      "reload nginx gracefully|check the socket backlog",
  },
  {
    id: "kafka-lag",
    name: "kafka consumer lag in the events pipeline",
    domain: "work",
    keywords: "kafka|consumer|lag|partition|offsets|events",
    entities: "kafka-1|kafka-2|events-consumer|orders-topic|schema-registry|connect-s3",
    paths:
      "pipeline/consumer/config.yaml|/var/log/kafka/server.log|pipeline/consumer/handler.go|docs/events.md",
    people: "Wen|Lukas|Amara",
    ticket: "DATA",
    problems:
      "consumer group events-consumer is rebalancing|lag on orders-topic partition 7 is 2.3M|" +
      "CommitFailedException: the group has already rebalanced|message too large for max.request.size",
    commands:
      "kafka-consumer-groups.sh --describe --group events-consumer|" +
      "kafka-topics.sh --describe --topic orders-topic|tail -n 300 /var/log/kafka/server.log",
    terms: "consumer group|partition|offset commit|rebalance|max.poll.records|retention.ms|ISR",
    actions:
      "raise max.poll.interval.ms|add partitions to orders-topic|reset offsets to the checkpoint|" +
      "batch the handler writes|switch to cooperative rebalancing",
  },
  {
    id: "disk-logs",
    name: "disk filling up on logs-01",
    domain: "work",
    keywords: "disk|logrotate|logs-01|journald|inode|volume",
    entities: "logs-01|journald|logrotate|vector-agent|loki|ebs-vol-logs",
    paths:
      "/etc/logrotate.d/app|/etc/systemd/journald.conf|/var/log/syslog|/etc/vector/vector.toml",
    people: "Ilse|Kenji|Dayo",
    ticket: "OPS",
    problems:
      "No space left on device|/var at 97% used|inode usage at 100% on /var/spool|" +
      "logrotate: error: skipping because parent directory has insecure permissions",
    commands: "df -h|du -xh /var --max-depth=2|df -i|journalctl --disk-usage|ls -lah /var/log",
    terms: "log rotation|compression|retention|inode|journal vacuum|volume resize|compress delay",
    actions:
      "vacuum the journal to 2G|rotate the app logs hourly|grow the EBS volume|" +
      "ship logs to loki and keep 3 days|delete the spool leftovers",
  },
  {
    id: "ssh-bastion",
    name: "SSH hardening and the bastion host",
    domain: "work",
    keywords: "SSH|bastion|sshd|keys|certificates|jump",
    entities: "bastion-1|sshd|vault-ssh|fail2ban|jump-eu|okta",
    paths: "/etc/ssh/sshd_config|/var/log/auth.log|ops/ssh/ca.pub|docs/access.md",
    people: "Nadia|Pieter|Luis",
    ticket: "SEC",
    problems:
      "Failed password for invalid user admin from 185.220.101.4|" +
      "Authentication refused: bad ownership or modes for directory|" +
      "no matching host key type found|Too many authentication failures",
    commands:
      "tail -n 500 /var/log/auth.log|sshd -T|fail2ban-client status sshd|ssh -vvv bastion-1",
    terms:
      "SSH certificate|ProxyJump|host key|PasswordAuthentication|principals|ban time|key rotation",
    actions:
      "disable password logins|issue short-lived SSH certificates|set up ProxyJump configs|" +
      "rotate the host keys|tune fail2ban",
  },
  {
    id: "search-reindex",
    name: "elasticsearch reindex for search v2",
    domain: "work",
    keywords: "elasticsearch|reindex|mapping|shards|analyzer|search",
    entities: "es-data-1|es-data-2|products-v2|kibana|search-api|ingest-node",
    paths:
      "search/mappings/products-v2.json|/var/log/elasticsearch/cluster.log|search/reindex.py|docs/search-v2.md",
    people: "Clara|Mateus|Aiko",
    ticket: "SRCH",
    problems:
      "circuit_breaking_exception: Data too large|mapper_parsing_exception on field price|" +
      "cluster health is yellow: 12 unassigned shards|reindex throttled at 400 docs/s",
    commands:
      "curl -s es-data-1:9200/_cat/indices?v|curl -s es-data-1:9200/_cluster/health?pretty|" +
      "curl -s es-data-1:9200/_tasks?actions=*reindex|tail -n 300 /var/log/elasticsearch/cluster.log",
    terms: "index alias|mapping|analyzer|shard allocation|refresh interval|slices|synonym filter",
    actions:
      "swap the alias to products-v2|raise the refresh interval during reindex|" +
      "fix the price mapping|add the synonym filter|reindex with slices=auto",
  },
  {
    id: "aws-costs",
    name: "AWS cost review and reserved instances",
    domain: "work",
    keywords: "AWS|cost|billing|reserved|savings|instances",
    entities: "Cost Explorer|NAT gateway|m6i.xlarge|gp3 volumes|S3 Glacier|Savings Plan",
    paths: "finance/aws/costs-march.csv|finance/aws/reservations.md|infra/cost-report.py",
    people: "Helga|Vikram|Zoe",
    ticket: "FIN",
    problems:
      "NAT gateway data processing is 31% of the bill|unattached EBS volumes costing 420 USD|" +
      "budget alert: 80% of monthly forecast|idle load balancer in eu-west-1",
    commands:
      "aws ce get-cost-and-usage --granularity MONTHLY|aws ec2 describe-volumes --filters Name=status,Values=available|" +
      "python3 infra/cost-report.py --month 03",
    terms:
      "reserved instance|Savings Plan|data transfer|rightsizing|tagging policy|forecast|commitment",
    actions:
      "buy a compute Savings Plan|delete the unattached volumes|add VPC endpoints to skip the NAT|" +
      "rightsize the workers|enforce cost tags",
  },
];
