# The two commands (see README.md). The scripts behind them live in .ci/.
.PHONY: run test
run:
	./.ci/serve
test:
	./.ci/test
