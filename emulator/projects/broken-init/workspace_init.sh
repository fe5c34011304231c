#!/bin/bash
echo "installing dependencies..."
echo "error: package 'left-pad-9000' not found" >&2
exit 1
