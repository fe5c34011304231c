#!/bin/bash
echo "Console C++ workspace ready"
g++ --version | head -n 1
