echo "run stage works even though the workspace init failed"
