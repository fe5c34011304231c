# Your program: edit and run the "run" scenario.
print("Hello from Sphere Engine Containers")
