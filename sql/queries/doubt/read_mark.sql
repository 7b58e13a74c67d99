select committed from commit_mark where token = $1
