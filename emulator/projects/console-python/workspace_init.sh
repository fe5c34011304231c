#!/bin/bash
# Runs once when a workspace starts, inside /home/user/workspace.
echo "Console Python workspace ready"
python3 --version
