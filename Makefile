# The two commands (see README.md). The scripts behind them live in .ci/.
.PHONY: run cluster test contract
run:
	./.ci/serve
# Three nodes behind nginx on one machine (docs/operations.md, "Several nodes").
cluster:
	./.ci/cluster
test:
	./.ci/test
# Regenerate the contract files the web app builds on (commit the result).
contract:
	cargo build --quiet --bin tyiyn
	./target/debug/tyiyn openapi > web/src/api/openapi.json
	./target/debug/tyiyn events-schema > web/src/api/events.schema.json
	cd web && npm run --silent gen:api
