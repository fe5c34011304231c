#!/bin/bash
echo "Python Unit Tests workspace ready: edit solution.py, then run the test scenario"
