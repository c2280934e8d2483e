// Software and team topics of the catalogue: code, releases, writing, hiring. Data only.
import type { TopicSpec } from "./topic.js";

export const DEV_TOPICS: TopicSpec[] = [
  {
    id: "rust-async-blog",
    name: "blog post about rust async",
    domain: "work",
    keywords: "rust|async|tokio|futures|blog|executor",
    entities: "tokio|async-std|blog.example.dev|hugo|crates.io|smol",
    paths:
      "blog/content/posts/rust-async.md|blog/examples/src/main.rs|blog/examples/Cargo.toml|blog/config.toml",
    people: "Elena|Mikkel|Tobi",
    ticket: "BLOG",
    problems:
      "future cannot be sent between threads safely|borrowed value does not live long enough|" +
      "the draft reads too dense in the Pin section|benchmark shows 3x slowdown with block_on",
    commands:
      "cargo run --example select|cargo build --release|hugo server -D|cargo test -- --nocapture",
    terms: "Future trait|Pin|waker|executor|select! macro|cancellation|Send bound|join handle|poll",
    actions:
      "rewrite the Pin section|add a select! example|benchmark spawn against join_all|" +
      "trim the intro|draft the cancellation paragraph",
  },
  {
    id: "api-rate-limit",
    name: "rate limiting for the public API",
    domain: "work",
    keywords: "rate|limit|token-bucket|API|429|quota",
    entities: "api-gateway|envoy|redis-limits|partner-api|public-api|billing-plans",
    paths:
      "gateway/ratelimit/config.yaml|gateway/ratelimit/limiter.ts|/var/log/envoy/access.log|docs/api-quotas.md",
    people: "Jonas|Leila|Koji",
    ticket: "API",
    problems:
      "partner Acme hit 429 on every batch upload|burst of 12k requests from one key|" +
      "Retry-After header missing on 429|limiter adds 18 ms p99 latency",
    commands:
      "tail -n 500 /var/log/envoy/access.log|npm test -- limiter|curl -sI https://api.example.net/v1/orders|redis-cli -h redis-limits info stats",
    terms: "token bucket|sliding window|burst size|quota tier|Retry-After|API key|leaky bucket",
    actions:
      "add Retry-After headers|give partners a higher burst|move counters to redis-limits|" +
      "document the quota tiers|switch to a sliding window",
  },
  {
    id: "react-dashboard",
    name: "react dashboard performance",
    domain: "work",
    keywords: "react|dashboard|render|memo|bundle|performance",
    entities: "admin-dashboard|vite|react-query|recharts|webpack-analyzer|lighthouse",
    paths:
      "web/src/pages/Dashboard.tsx|web/src/components/ChartGrid.tsx|web/vite.config.ts|web/package.json",
    people: "Freya|Hassan|Mei",
    ticket: "UI",
    problems:
      "ChartGrid re-renders 40 times on every filter change|bundle is 2.8 MB gzipped|" +
      "Largest Contentful Paint 4.9 s|Warning: Each child in a list should have a unique key",
    commands:
      "npx vite build|npx vitest run web|npx lighthouse http://localhost:5173 --only-categories=performance",
    terms: "memoization|useMemo|virtualized list|code splitting|profiler|lazy import|query cache",
    actions:
      "memoize the chart props|lazy-load the reports page|virtualize the table|" +
      "drop moment.js from the bundle|profile the filter bar",
  },
  {
    id: "oauth-login",
    name: "OAuth login with Google for the admin app",
    domain: "work",
    keywords: "OAuth|Google|login|OIDC|callback|session",
    entities: "accounts.google.com|admin-app|auth-service|session-cookie|oidc-client|id-token",
    paths: "auth/src/oidc.ts|auth/src/routes/callback.ts|auth/.env.example|docs/admin-login.md",
    people: "Astrid|Rahul|Nico",
    ticket: "AUTH",
    problems:
      "redirect_uri_mismatch|invalid_grant: code already redeemed|state parameter mismatch|" +
      "id token audience does not match client id",
    commands:
      "npm run dev -- --filter auth|npm test -- oidc|curl -s https://accounts.google.com/.well-known/openid-configuration",
    terms:
      "authorization code|PKCE|redirect URI|id token|refresh token|consent screen|hosted domain",
    actions:
      "add PKCE to the login flow|restrict to our hosted domain|rotate the client secret|" +
      "store sessions server-side|fix the callback route",
  },
  {
    id: "airflow-etl",
    name: "nightly ETL job in Airflow failing",
    domain: "work",
    keywords: "airflow|ETL|DAG|warehouse|task|backfill",
    entities: "airflow-scheduler|orders_daily|snowflake|s3-raw|dbt|worker-3",
    paths:
      "dags/orders_daily.py|dags/sql/orders_merge.sql|/var/log/airflow/scheduler.log|dbt/models/orders.sql",
    people: "Karin|Emeka|Sven",
    ticket: "ETL",
    problems:
      "Task exited with return code Negsignal.SIGKILL|duplicate key value violates unique constraint|" +
      "DAG orders_daily is paused|sensor timed out waiting for s3://raw/orders",
    commands:
      "airflow dags list-runs -d orders_daily|airflow tasks test orders_daily merge|tail -n 400 /var/log/airflow/scheduler.log|dbt run -s orders",
    terms: "DAG run|backfill|sensor|idempotent merge|task retries|catchup|pool slots|XCom",
    actions:
      "make the merge idempotent|backfill the missing days|raise the worker memory|" +
      "add a data quality check|split the extract task",
  },
  {
    id: "ios-release",
    name: "iOS app release through TestFlight",
    domain: "work",
    keywords: "iOS|TestFlight|release|build|App Store|Xcode",
    entities: "TestFlight|App Store Connect|fastlane|Xcode Cloud|crashlytics|beta-testers",
    paths:
      "mobile/ios/fastlane/Fastfile|mobile/ios/App/Info.plist|mobile/CHANGELOG.md|mobile/ios/ExportOptions.plist",
    people: "Chloe|Andre|Sana",
    ticket: "MOB",
    problems:
      "ITMS-90683: Missing purpose string in Info.plist|build stuck in Processing for 3 hours|" +
      "crash on launch in PaymentSheet on iOS 16|provisioning profile doesn't include signing certificate",
    commands:
      "bundle exec fastlane beta|xcodebuild -showBuildSettings|bundle exec fastlane match appstore",
    terms:
      "build number|provisioning profile|release notes|phased release|crash-free rate|review guideline",
    actions:
      "bump the build number|fix the purpose strings|enable phased release|" +
      "write the release notes|renew the distribution certificate",
  },
  {
    id: "python-upgrade",
    name: "upgrading the billing service to Python 3.12",
    domain: "work",
    keywords: "python|3.12|billing|upgrade|dependencies|pytest",
    entities: "billing-service|pytest|uv|celery-workers|pydantic|docker-base",
    paths:
      "billing/pyproject.toml|billing/app/invoices.py|billing/Dockerfile|billing/tests/test_invoices.py",
    people: "Oskar|Farah|Lin",
    ticket: "BILL",
    problems:
      "ModuleNotFoundError: No module named 'distutils'|DeprecationWarning: datetime.utcnow() is deprecated|" +
      "celery worker fails with ImportError|pydantic v1 validators break under 3.12",
    commands:
      "uv pip compile pyproject.toml|pytest -x -q billing/tests|docker build -t billing:py312 billing",
    terms: "lockfile|virtualenv|deprecation|type hints|base image|wheel|test matrix",
    actions:
      "replace distutils usages|migrate to pydantic v2|update the docker base image|" +
      "run the test matrix on 3.11 and 3.12|pin celery 5.4",
  },
  {
    id: "graphql-orders",
    name: "GraphQL schema design for orders",
    domain: "work",
    keywords: "GraphQL|schema|resolver|orders|pagination|dataloader",
    entities: "orders-graph|apollo-server|dataloader|orders-db|storefront|schema-registry",
    paths:
      "graph/schema/orders.graphql|graph/src/resolvers/orders.ts|graph/src/loaders.ts|docs/graph-style.md",
    people: "Beatriz|Kofi|Anja",
    ticket: "GQL",
    problems:
      "N+1 queries: 312 selects for one orders page|Cannot return null for non-nullable field|" +
      "breaking change detected: field removed|query depth 14 exceeds limit",
    commands:
      "npx graphql-inspector diff main schema.graphql|npm test -- resolvers|npx rover subgraph check",
    terms:
      "connection type|cursor pagination|resolver|nullability|depth limit|persisted query|federation",
    actions:
      "add cursor pagination|batch the line items with dataloader|deprecate the old field|" +
      "set a depth limit|write the schema style guide",
  },
  {
    id: "k6-load-test",
    name: "load testing checkout with k6",
    domain: "work",
    keywords: "k6|load|checkout|latency|throughput|p95",
    entities: "checkout-api|k6-runner|payments-stub|grafana-k6|cart-service|staging-lb",
    paths: "loadtest/checkout.js|loadtest/results/run-12.json|loadtest/README.md",
    people: "Mariam|Henrik|Tao",
    ticket: "PERF",
    problems:
      "p95 latency 2.4 s at 300 virtual users|http_req_failed rate 7%|" +
      "connection pool exhausted in cart-service|k6 runner out of memory",
    commands:
      "k6 run loadtest/checkout.js --vus 300 --duration 10m|k6 inspect loadtest/checkout.js",
    terms: "virtual users|ramping stages|threshold|think time|connection pool|error budget|p95",
    actions:
      "add ramping stages|stub the payment provider|raise the pool size in cart-service|" +
      "set p95 thresholds|compare with last month's run",
  },
  {
    id: "cve-triage",
    name: "dependency security audit and CVE triage",
    domain: "work",
    keywords: "CVE|vulnerability|audit|dependabot|patch|SBOM",
    entities: "dependabot|trivy|npm-audit|openssl|base-images|grype",
    paths: "security/triage.md|security/sbom.json|.github/dependabot.yml|security/exceptions.yaml",
    people: "Ingrid|Moses|Yara",
    ticket: "VULN",
    problems:
      "CVE-2025-1974 critical in ingress-nginx|217 high findings in the base image|" +
      "transitive dependency has no fixed version|scanner false positive on a test fixture",
    commands:
      "trivy image registry.example.net/api:latest|npm audit --omit=dev|grype sbom:security/sbom.json",
    terms: "severity|exploitability|SBOM|patch window|exception|transitive dependency|base image",
    actions:
      "patch the critical findings first|rebuild the base images|write the exception policy|" +
      "group dependabot updates|generate an SBOM per release",
  },
  {
    id: "hiring-backend",
    name: "hiring a backend engineer",
    domain: "work",
    keywords: "hiring|interview|candidate|backend|offer|scorecard",
    entities: "Greenhouse|take-home exercise|panel interview|recruiter|offer letter|job post",
    paths:
      "hiring/backend-job-post.md|hiring/scorecard.md|hiring/candidates.csv|hiring/take-home/README.md",
    people: "Marisol|Dmitri|Adaeze",
    ticket: "HR",
    problems:
      "the take-home takes candidates 9 hours|two panelists scored system design differently|" +
      "offer declined over remote policy|pipeline stalled at the phone screen",
    commands:
      "cat hiring/candidates.csv|wc -l hiring/candidates.csv|grep -c onsite hiring/candidates.csv",
    terms:
      "scorecard|phone screen|system design round|take-home|calibration|offer band|reference check",
    actions:
      "shorten the take-home|calibrate the scorecard|rewrite the job post|" +
      "schedule the panel|prepare the offer",
  },
  {
    id: "observability-talk",
    name: "preparing a conference talk on observability",
    domain: "work",
    keywords: "talk|conference|observability|slides|tracing|demo",
    entities: "SREcon|OpenTelemetry|jaeger|slides deck|demo app|program committee",
    paths:
      "talks/o11y/outline.md|talks/o11y/slides.md|talks/o11y/demo/docker-compose.yml|talks/o11y/abstract.txt",
    people: "Greta|Paolo|Nkechi",
    ticket: "TALK",
    problems:
      "the talk runs 38 minutes in a 30 minute slot|demo fails without wifi|" +
      "abstract exceeds 300 words|trace screenshots unreadable on the projector",
    commands:
      "docker compose -f talks/o11y/demo/docker-compose.yml up -d|wc -w talks/o11y/abstract.txt",
    terms: "tracing|span|sampling|outline|speaker notes|live demo|story arc",
    actions:
      "cut the talk to 30 minutes|make the demo work offline|rewrite the abstract|" +
      "record a backup video of the demo|add a slide on sampling",
  },
];
